import type { Table } from 'dexie';
import type { GarageDb, OutboxEntry } from '../db/db';
import { derivedTables, syncedTable } from '../db/db';
import { LocalTx, type Author } from './local-tx';
import { ValidationError } from './validation-error';
import { localMutators } from './mutators/registry';
import { getClientId } from './client-id';
import { serverNow } from './device-clock';
import { entryKeyOf, signEntry } from './sign-entry';
import { findMutation, type MutationArgs, type MutationName } from '@shared/mutations/definitions';
import { editPatch } from './edit-patch';
import { can } from '@shared/domain/permissions';
import { recordKey, syncedTables } from '@shared/sync/tables';
import { newRecordId } from '@shared/sync/record-id';

export type { Author } from './local-tx';

export { ValidationError } from './validation-error';

/** The author's role may not do this: checked on the device with the server's own table (decisions.md, Roles). */
export const roleRefusedMessage = (role: string) => `Your role (${role}) may not do this.`;

/** One change of a batch: a mutation's name and its arguments, as `mutate` takes them. */
export interface LocalCall {
  name: MutationName;
  args: Record<string, unknown>;
}

/** More the caller writes in a batch's transaction (an import's record of what it made), so both are written or neither. */
export interface Alongside {
  tables: Table[];
  write: (entries: OutboxEntry[]) => Promise<void>;
  /**
   * The caller knows that no change of the batch reads what another writes (an import's: each makes
   * or edits its own record): their applies then run at once when their touched records are apart
   * too, instead of each waiting for the last one's every read and write (issue 43: writing 50,000
   * items one request after another took minutes).
   */
  independent?: boolean;
}

/** A change of a batch refused on the device: `index` says which; nothing of the batch was written. */
export class BatchCallError extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Runs a named mutation on this device (docs/sync-rules.md, rule 2): checks the author's role, validates with
 * the shared schema, applies the optimistic effect and appends the outbox entry, in one Dexie
 * transaction. The entry names every record the mutation touches and who made it.
 */
export async function runLocalMutation<N extends MutationName>(db: GarageDb, author: Author, name: N, rawArgs: Record<string, unknown>): Promise<OutboxEntry> {
  try {
    const [entry] = await runLocalMutations(db, author, [{ name, args: rawArgs }]);
    return entry!;
  } catch (error) {
    throw error instanceof BatchCallError ? error.cause : error;
  }
}

/**
 * Many changes in one Dexie transaction, each checked, applied and queued exactly as
 * runLocalMutation does one, in order (issue 43: an import writes tens of thousands; a transaction
 * of every synced table for each was most of its time). All or nothing: a change refused on the
 * device (its role, its schema, its apply) takes the batch back and is named by a BatchCallError.
 */
export async function runLocalMutations(db: GarageDb, author: Author, calls: readonly LocalCall[], alongside?: Alongside): Promise<OutboxEntry[]> {
  const checked = calls.map(({ name, args: rawArgs }, index) => {
    try {
      const def = findMutation(name);
      if (!def) throw new Error(`Unknown mutation ${name}`);
      if (!can(author.role, def.permission)) throw new ValidationError(roleRefusedMessage(author.role));
      const parsed = def.schema.safeParse(rawArgs);
      if (!parsed.success) throw ValidationError.from(parsed.error);
      return { name, def, args: parsed.data as MutationArgs<MutationName> };
    } catch (error) {
      throw new BatchCallError(index, error);
    }
  });
  const clock = await serverNow(db);
  const register = (await db.syncState.get('deviceCode'))?.value ?? '';
  const clientId = await getClientId(db);
  // The author's key on this register (each register signs with a key of its own), worked out once a batch.
  const entryKey = await entryKeyOf(author.signingKey, (await db.syncState.get('deviceKey'))?.value);
  const entries = await Promise.all(
    checked.map(async ({ name, def, args }) => {
      const entry: OutboxEntry = {
        id: newRecordId(),
        clientId,
        name,
        args: args as OutboxEntry['args'],
        createdAt: clock.deviceIso,
        clockOffsetMs: clock.offsetMs,
        touches: [...new Set(def.touches(args).map(recordKey))],
        authorId: author.id,
        authorName: author.name,
      };
      // Signed before the transaction: WebCrypto's promise would end a Dexie transaction it ran inside.
      const signature = await signEntry(entryKey, entry);
      if (signature) entry.signature = signature;
      return entry;
    }),
  );
  const tables = syncedTables.map((table) => syncedTable(db, table));
  const apply = async ({ name, args }: (typeof checked)[number], index: number) => {
    try {
      await (localMutators[name] as (tx: LocalTx, args: unknown) => Promise<void>)(new LocalTx(db, entries[index]!.id, author, clock.iso, register), args);
    } catch (error) {
      throw new BatchCallError(index, error);
    }
  };
  const apart = alongside?.independent === true && touchesApart(entries);
  await db.transaction('rw', [...tables, ...derivedTables(db), db.outbox, ...(alongside?.tables ?? [])], async () => {
    if (apart) await Promise.all(checked.map(apply));
    else for (const [index, call] of checked.entries()) await apply(call, index);
    await db.outbox.bulkAdd(entries);
    await alongside?.write(entries);
  });
  return entries;
}

/** Whether no record is touched by two of the entries. */
function touchesApart(entries: readonly OutboxEntry[]): boolean {
  const seen = new Set<string>();
  for (const key of entries.flatMap((entry) => entry.touches)) {
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
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
  const patch = editPatch(name, id, input, original);
  return patch ? runLocalMutation(db, author, name, { ...patch, id }) : null;
}
