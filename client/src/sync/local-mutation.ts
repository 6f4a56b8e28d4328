import type { GarageDb, OutboxEntry } from '../db/db';
import { recordKey, syncedTable } from '../db/db';
import { findMutation, type MutationDef } from '../../../shared/mutations/definitions';
import { fieldsFromArgs } from '../../../shared/mutations/entity-fields';
import { firstIssueMessage } from '../../../shared/schemas/messages';
import { getClientId } from './client-id';

/** A form's input broke a rule: the message is the spec's text, shown as a warning toast. */
export class ValidationError extends Error {}

/**
 * Runs a named mutation on this device: validates with the shared schema, applies its effect to
 * the local mirror and appends it to the outbox, all in one Dexie transaction (sync.md rule 2).
 */
export async function runLocalMutation(db: GarageDb, name: string, rawArgs: Record<string, unknown>): Promise<OutboxEntry> {
  const def = findMutation(name);
  if (!def) throw new Error(`Unknown mutation ${name}`);
  const parsed = def.schema.safeParse(rawArgs);
  if (!parsed.success) throw new ValidationError(firstIssueMessage(parsed.error));
  const args = parsed.data as OutboxEntry['args'];
  const clientId = await getClientId(db);
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    clientId,
    name,
    args,
    createdAt: new Date().toISOString(),
    recordKey: recordKey(def.table, args.id),
  };
  await db.transaction('rw', [syncedTable(db, def.table), db.outbox], async () => {
    await applyLocally(db, def, args);
    await db.outbox.add(entry);
  });
  return entry;
}

/** The optimistic effect; the server's row replaces it after the next pull. */
export async function applyLocally(db: GarageDb, def: MutationDef, args: OutboxEntry['args']): Promise<void> {
  const table = syncedTable(db, def.table);
  const now = new Date().toISOString();
  if (def.kind === 'create') {
    await table.put({ ...fieldsFromArgs(def.table, args), id: args.id, version: 0, deleted: false, updatedAt: now });
  } else if (def.kind === 'update') {
    await table.update(args.id, { ...fieldsFromArgs(def.table, args), updatedAt: now });
  } else if (def.kind === 'upsert') {
    const current = await table.get(args.id);
    await table.put({ version: 0, ...current, ...fieldsFromArgs(def.table, args), id: args.id, deleted: false, updatedAt: now });
  } else {
    await table.delete(args.id);
  }
}

/**
 * An edit from a form: sends only the arguments whose stored fields differ from the device's row,
 * so two devices editing different fields of one record both keep their change (per-field LWW).
 * Returns null when nothing changed.
 */
export async function runLocalUpdate(
  db: GarageDb,
  name: string,
  id: string,
  input: Record<string, unknown>,
): Promise<OutboxEntry | null> {
  const def = findMutation(name);
  if (!def) throw new Error(`Unknown mutation ${name}`);
  const parsed = def.schema.safeParse({ ...input, id });
  if (!parsed.success) throw new ValidationError(firstIssueMessage(parsed.error));
  const current = await syncedTable(db, def.table).get(id);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.data)) {
    if (key === 'id') continue;
    const fields = fieldsFromArgs(def.table, { [key]: value });
    if (Object.entries(fields).some(([field, v]) => JSON.stringify(current?.[field]) !== JSON.stringify(v))) patch[key] = value;
  }
  if (Object.keys(patch).length === 0) return null;
  return runLocalMutation(db, name, { ...patch, id });
}
