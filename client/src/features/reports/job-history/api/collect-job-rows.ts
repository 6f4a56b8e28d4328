import { jobHistoryCells } from './job-history-row';
import { anyDay, queryJobHistory, type DayPeriod } from './query-job-history';

/** Rows read per IndexedDB round: each round keeps the page's thread busy for a few ms only. */
const chunk = 1000;

export class TooManyRowsError extends Error {
  constructor(readonly total: number) {
    super(`${total} jobs match`);
    this.name = 'TooManyRowsError';
  }
}

interface CollectOptions {
  max: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** The days the jobs came in between (issue 47); any day when absent. */
  period?: DayPeriod;
}

/**
 * Every job the search (and the period) matches, as the report's cells, in the table's order: read from the device
 * a thousand at a time through the same search index as the table, so the PDF holds what the table
 * counts. More than `max` matching is refused before anything is read beyond the first chunk.
 */
export async function collectJobRows(search: string, { max, onProgress, signal, period = anyDay }: CollectOptions): Promise<string[][]> {
  const rows: string[][] = [];
  const seen = new Set<string>();
  let total = Infinity;
  for (let page = 1; rows.length < total; page++) {
    signal?.throwIfAborted();
    const result = await queryJobHistory(search, period, page, chunk);
    if (page === 1) {
      if (result.total > max) throw new TooManyRowsError(result.total);
      total = result.total;
    }
    // A job added meanwhile shifts the later chunks by one: a row read twice is kept once.
    for (const job of result.rows) {
      if (seen.has(job.id) || rows.length >= max) continue;
      seen.add(job.id);
      rows.push(jobHistoryCells(job));
    }
    onProgress?.(Math.min(rows.length, total), total);
    if (result.rows.length < chunk) break;
  }
  return rows;
}
