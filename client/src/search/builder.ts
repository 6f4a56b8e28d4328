import type { Collection, Table } from 'dexie';
import { compareEntries, toEntry, type Entry } from './entries';
import { mergeRuns } from './merge-runs';
import { buildChunk, maxBuildChunk, slowBuildRead } from './tuning';
import type { SearchRow } from './types';
import { WordIndex } from './word-index';

export interface BuildHooks {
  /** Resolves when no screen's read is under way (undefined: none is): the build issues no read until then. */
  beforeRead(): Promise<void> | undefined;
  /** True when the table changed in a way no patch can follow (a clear, a range delete) since the build began. */
  changedWholesale(): boolean;
}

/**
 * Reads a table in chunks by id (each chunk one IndexedDB request, a task of its own, sorted as it
 * comes) and merges the sorted runs in slices that give the page its thread back. Null when the
 * table changed wholesale meanwhile: the caller starts again.
 */
export async function buildIndex<T extends SearchRow>(table: Table<T, string>, hooks: BuildHooks): Promise<WordIndex | null> {
  const runs: Entry[][] = [];
  const byId = new Map<string, Entry>();
  let last: string | null = null;
  for (let chunk = buildChunk; ;) {
    await hooks.beforeRead();
    const collection: Collection<T, string> = last === null ? table.toCollection() : table.where(':id').above(last);
    const asked = performance.now();
    const rows = await collection.limit(chunk).toArray();
    const waited = performance.now() - asked;
    const run = rows.map(toEntry).sort(compareEntries);
    for (const entry of run) byId.set(entry.id, entry);
    runs.push(run);
    if (rows.length < chunk) break;
    last = rows[rows.length - 1]!.id;
    // A read that mostly waited (behind a first sync's writes) waits as long for more rows.
    chunk = waited > slowBuildRead ? Math.min(2 * chunk, maxBuildChunk) : buildChunk;
  }
  if (hooks.changedWholesale()) return null;
  const entries = await mergeRuns(runs);
  if (hooks.changedWholesale()) return null;
  return new WordIndex(entries, byId);
}
