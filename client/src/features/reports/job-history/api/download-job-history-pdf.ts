import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { collectJobRows } from './collect-job-rows';
import { jobHistoryFileName, jobHistoryPdfContent, maxPdfRows } from './job-history-pdf';
import { saveFile } from '@/lib/pdf/save-file';
import { anyDay, type DayPeriod } from './query-job-history';

export type PdfProgress = { phase: 'reading'; done: number; total: number } | { phase: 'building'; percent: number };

export interface PdfTimings {
  rows: number;
  readMs: number;
  buildMs: number;
  totalMs: number;
}

/**
 * 'Download PDF': every job the search matches, read from the device, built into the report's PDF in
 * a worker and saved as job_history_report.pdf. Throws TooManyRowsError above maxPdfRows. The time
 * it took is left as a performance measure 'job-history-pdf' (its detail: rows, readMs, buildMs).
 */
export async function downloadJobHistoryPdf(search: string, onProgress: (progress: PdfProgress) => void, signal?: AbortSignal, period: DayPeriod = anyDay): Promise<PdfTimings> {
  const started = performance.now();
  onProgress({ phase: 'reading', done: 0, total: 0 });
  const rows = await collectJobRows(search, { max: maxPdfRows, signal, period, onProgress: (done, total) => onProgress({ phase: 'reading', done, total }) });
  const readMs = performance.now() - started;
  onProgress({ phase: 'building', percent: 0 });
  const { pdf, buildMs } = await buildPdfInWorker(jobHistoryPdfContent(rows, search, new Date(), period), {
    signal,
    onProgress: (done, total) => onProgress({ phase: 'building', percent: total === 0 ? 100 : Math.floor((done / total) * 100) }),
  });
  signal?.throwIfAborted();
  saveFile(pdf, jobHistoryFileName);
  const totalMs = performance.now() - started;
  const timings = { rows: rows.length, readMs, buildMs, totalMs };
  performance.measure('job-history-pdf', { start: started, duration: totalMs, detail: timings });
  return timings;
}
