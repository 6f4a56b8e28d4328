import type { Db } from '../db/connection';
import { findRow, type MutationTx } from '../mutations/mutation-tx';
import { answerOf } from './tombstone';
import { isSyncedTable, syncedTables, type SyncedTable } from '@shared/sync/tables';

/** A record a mutation answered, as the exactly-once log keeps it. */
export interface RecordRefResult {
  record: { table: SyncedTable; id: string; version: number };
}

function isRow(value: unknown): value is { id: string; version: number; deleted: boolean } {
  const row = value as { id?: unknown; version?: unknown; deleted?: unknown } | null;
  return !!row && typeof row === 'object' && typeof row.id === 'string' && typeof row.version === 'number' && typeof row.deleted === 'boolean';
}

/**
 * What the exactly-once log keeps of a mutation's answer (issue 24, 16): a record as its table, id
 * and version (a company save answered the whole logo, 2.8 MB, stored again each time); any other
 * answer (a bulk payment's short summary) as it is.
 */
export async function loggedResult(tx: MutationTx, value: unknown): Promise<unknown> {
  if (!isRow(value)) return value ?? null;
  // A mutation that wrote nothing (an edit that changed nothing) answers a row it did not write.
  let table = tx.tableWritten(value.id);
  for (const name of table ? [] : syncedTables) {
    if ((await findRow(tx.db, name, value.id))?.version !== value.version) continue;
    table = name;
    break;
  }
  return table ? ({ record: { table, id: value.id, version: value.version } } satisfies RecordRefResult) : value;
}

/**
 * A replay's answer from the log: the record as it is now (a tombstone if deleted since), or what
 * was logged. Devices do not read an applied answer's result; the REST routes answer it, and a
 * request repeated with its Idempotency-Key gets the record as it now stands.
 */
export async function replayedResult(db: Db, logged: unknown): Promise<unknown> {
  const ref = (logged as Partial<RecordRefResult> | null)?.record;
  if (ref && typeof ref === 'object' && isSyncedTable(String(ref.table)) && typeof ref.id === 'string') {
    const row = await findRow(db, ref.table, ref.id);
    return row ? answerOf(row) : null;
  }
  return answerOf(logged);
}
