import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../db/prepared';
import { fieldEdits } from '../db/schema';
import type { MutationTx } from './mutation-tx';
import { entities } from '@shared/entities';
import type { SyncedTable } from '@shared/sync/tables';
import { happenedAfter, replacedEditMessage, replacedUnseen, type FieldEdit } from '@shared/domain/replaced-edit';

type Edit = FieldEdit & { userName: string };

/**
 * The later edit wins (docs/decisions.md): of an edit's fields, those whose stored last edit happened
 * later (by when it happened, in the server's clock) are dropped, whatever order the devices
 * reconnected in; the rest are kept and become each field's last edit. Whoever's change is replaced
 * unseen is told with a notice: the author of this edit when a later one already stands, or the
 * author of the stored one when this later edit was made before that one reached the server.
 * Returns the fields to write.
 */
export async function laterEditWins(
  tx: MutationTx,
  table: SyncedTable,
  existing: Record<string, unknown> & { id: string },
  fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const edit: Edit = { at: tx.happenedAt, receivedAt: tx.now, mutationId: tx.mutationId, userId: tx.user.id, userName: tx.user.name };
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const last = await lastEdit(tx, table, existing.id, field);
    const changes = !sameValue(existing[field], value);
    if (last && happenedAfter(last, edit)) {
      if (changes && last.userId !== edit.userId) await tell(tx, edit, last, table, existing, field);
      continue;
    }
    if (last && changes && replacedUnseen(edit, last)) await tell(tx, last, edit, table, existing, field);
    kept[field] = value;
    await saveEdit(tx, table, existing.id, field, edit);
  }
  return kept;
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

async function lastEdit(tx: MutationTx, table: SyncedTable, rowId: string, field: string): Promise<Edit | undefined> {
  return prepared(tx.db, 'fieldEdits:find', () =>
    tx.db
      .select()
      .from(fieldEdits)
      .where(and(eq(fieldEdits.tableName, sql.placeholder('tableName')), eq(fieldEdits.rowId, sql.placeholder('rowId')), eq(fieldEdits.field, sql.placeholder('field'))))
      .prepare(),
  ).get({ tableName: table, rowId, field });
}

// Every field of every edit passes here: prepared once, as the push's other hot queries are (db/prepared.ts).
const editColumns = ['at', 'receivedAt', 'mutationId', 'userId', 'userName'] as const;

async function saveEdit(tx: MutationTx, table: SyncedTable, rowId: string, field: string, edit: Edit): Promise<void> {
  const upsert = prepared(tx.db, 'fieldEdits:upsert', () => {
    const values = Object.fromEntries(['tableName', 'rowId', 'field', ...editColumns].map((column) => [column, sql.placeholder(column)]));
    const set = Object.fromEntries(editColumns.map((column) => [column, sql`${sql.placeholder(column)}`]));
    return tx.db
      .insert(fieldEdits)
      .values(values as never)
      .onConflictDoUpdate({ target: [fieldEdits.tableName, fieldEdits.rowId, fieldEdits.field], set })
      .prepare();
  });
  await upsert.run({ tableName: table, rowId, field, ...edit });
}

/** A notice to `loser` that `winner`'s later change replaced theirs. */
async function tell(tx: MutationTx, loser: Edit, winner: Edit, table: SyncedTable, record: Record<string, unknown> & { id: string }, field: string): Promise<void> {
  const names = entities[table].names as { record: (row: unknown) => string; fields: Record<string, string | undefined> } | undefined;
  const message = replacedEditMessage(names?.record(record) ?? '', names?.fields[field] ?? field, winner.userName);
  const id = `${loser.mutationId}/${field}/replaced`;
  if (await tx.find('notices', id)) return;
  await tx.insert('notices', { id, userId: loser.userId, message, recordTable: table, recordId: record.id, createdAt: tx.now, dismissed: false });
}
