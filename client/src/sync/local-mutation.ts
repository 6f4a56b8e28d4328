import type { GarageDb, OutboxEntry } from '../db/db';
import { derivedTables, syncedTable } from '../db/db';
import { LocalTx, type Author } from './local-tx';
import { ValidationError } from './validation-error';
import { localMutators } from './mutators/registry';
import { getClientId } from './client-id';
import { serverNow } from './device-clock';
import { entryKeyOf, signEntry } from './sign-entry';
import { findMutation, type MutationArgs, type MutationName } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';
import { can } from '@shared/domain/permissions';
import { recordKey, syncedTables } from '@shared/sync/tables';
import { newRecordId } from '@shared/sync/record-id';

export type { Author } from './local-tx';

export { ValidationError } from './validation-error';

/** The author's role may not do this: checked on the device with the server's own table (decisions.md, Roles). */
export const roleRefusedMessage = (role: string) => `Your role (${role}) may not do this.`;

/**
 * Runs a named mutation on this device (docs/sync-rules.md, rule 2): checks the author's role, validates with
 * the shared schema, applies the optimistic effect and appends the outbox entry, in one Dexie
 * transaction. The entry names every record the mutation touches and who made it.
 */
export async function runLocalMutation<N extends MutationName>(db: GarageDb, author: Author, name: N, rawArgs: Record<string, unknown>): Promise<OutboxEntry> {
  const def = findMutation(name);
  if (!def) throw new Error(`Unknown mutation ${name}`);
  if (!can(author.role, def.permission)) throw new ValidationError(roleRefusedMessage(author.role));
  const parsed = def.schema.safeParse(rawArgs);
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const args = parsed.data as MutationArgs<N>;
  const clock = await serverNow(db);
  const register = (await db.syncState.get('deviceCode'))?.value ?? '';
  const entry: OutboxEntry = {
    id: newRecordId(),
    clientId: await getClientId(db),
    name,
    args: args as OutboxEntry['args'],
    createdAt: clock.deviceIso,
    clockOffsetMs: clock.offsetMs,
    touches: [...new Set(def.touches(args).map(recordKey))],
    authorId: author.id,
    authorName: author.name,
  };
  // Signed before the transaction: WebCrypto's promise would end a Dexie transaction it ran inside.
  const signature = await signEntry(await entryKeyOf(author.signingKey, (await db.syncState.get('deviceKey'))?.value), entry);
  if (signature) entry.signature = signature;
  const tables = syncedTables.map((table) => syncedTable(db, table));
  await db.transaction('rw', [...tables, ...derivedTables(db), db.outbox], async () => {
    await localMutators[name](new LocalTx(db, entry.id, author, clock.iso, register), args);
    await db.outbox.add(entry);
  });
  return entry;
}

/**
 * An edit from a form: sends only the arguments the user changed since the form opened, compared
 * with `original` (the row as the form showed it), never with what the device holds now. A field
 * changed on another device and pulled while the form was open is then left alone (per-field
 * last-writer-wins on the server). Returns null when nothing changed.
 */
export async function runLocalUpdate<N extends MutationName>(
  db: GarageDb,
  author: Author,
  name: N,
  id: string,
  input: Record<string, unknown>,
  original: Record<string, unknown> | null | undefined,
): Promise<OutboxEntry | null> {
  const def = findMutation(name);
  if (!def?.entity) throw new Error(`${name} is not an edit of one record`);
  const parsed = def.schema.safeParse({ ...input, id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (key === 'id') continue;
    const fields = fieldsFromArgs(def.entity.table, { [key]: value });
    const changed = !original || Object.entries(fields).some(([field, v]) => JSON.stringify(original[field]) !== JSON.stringify(v));
    if (changed) patch[key] = value;
  }
  if (Object.keys(patch).length === 0) return null;
  return runLocalMutation(db, author, name, { ...patch, id });
}
