import type { GarageDb } from '@/db/db';
import { syncedTable } from '@/db/db';
import type { SyncedRow, SyncedTable } from '@shared/sync/tables';

/** Rows a read brings: big enough that IndexedDB's round trips are few, small enough for a short task. */
export const exportBatchRows = 1_000;

/** Lets the page's thread draw and answer between batches (a timer: a resolved promise would not). */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Every row of a table in id order (ids made one after another sort one after another, so records
 * come in the order they were made), read a batch at a time, each batch handed to `take` before the
 * next is read: the export never holds a whole table, and the page stays responsive between batches.
 */
export async function readInBatches(db: GarageDb, table: SyncedTable, take: (rows: SyncedRow[]) => void): Promise<void> {
  const source = syncedTable(db, table);
  let after: string | null = null;
  for (;;) {
    const rows: SyncedRow[] = await (after === null ? source.orderBy(':id') : source.where(':id').above(after)).limit(exportBatchRows).toArray();
    if (rows.length === 0) return;
    take(rows);
    if (rows.length < exportBatchRows) return;
    after = rows[rows.length - 1]!.id;
    await breathe();
  }
}
