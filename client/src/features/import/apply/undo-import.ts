import Dexie from 'dexie';
import type { GarageDb } from '@/db/db';
import { runLocalMutations, type Author, type LocalCall } from '@/sync/local-mutation';
import { ValidationError } from '@/sync/validation-error';
import { can } from '@shared/domain/permissions';
import { openingMovementId } from '@shared/mutations/items';
import type { MutationName } from '@shared/mutations/definitions';
import type { SyncedTable } from '@shared/sync/tables';
import { applyBatchSize } from './apply-plan';

/** A record an undo leaves, and why: it has been used since the import. */
export interface KeptRecord {
  table: SyncedTable;
  id: string;
  name: string;
  reason: string;
}

export interface UndoReport {
  removed: number;
  /** The first kept records (the screen lists them), and how many there are. */
  kept: KeptRecord[];
  keptCount: number;
}

const keptShown = 200;

export const openingBalancesStay =
  'Opening balances cannot be undone: each is an invoice, and an invoice is never deleted. They stay under their numbers; importing the file again changes nothing.';
const deleteOf: Partial<Record<SyncedTable, MutationName>> = { items: 'deleteItem', services: 'deleteService', customers: 'deleteCustomer', categories: 'deleteCategory' };
// Records that others lean on go last: a category once the items made with it are gone. An opening
// balance's invoice is in the order only to be named as kept: no invoice is ever deleted.
const order: SyncedTable[] = ['items', 'services', 'customers', 'categories', 'invoices'];

const why = {
  stock: 'Its stock has moved since the import (a sale, a count or a delivery).',
  lines: 'It is on a job card or an invoice.',
  customer: 'It has job cards or invoices.',
  category: 'An item kept uses it.',
  // The books keep every number they gave: there is no operation that deletes an invoice, and an
  // opening balance is one (a second import of a corrected file finds it by its number and leaves it).
  invoice: 'An invoice is never deleted, an opening balance neither: it stays in the books under its number.',
};

/** The items and services on any job card or invoice line, read once (lines have no index by what they sell). */
async function soldRefs(db: GarageDb): Promise<Set<string>> {
  const refs = new Set<string>();
  const note = (line: { refId: string | null }) => {
    if (line.refId) refs.add(line.refId);
  };
  await db.jobLines.each(note);
  await db.invoiceLines.each(note);
  return refs;
}

/**
 * Undoes an import as a whole (issue 43, point 5; an Admin's, on the device that imported it:
 * docs/decisions.md, Moving in): every record it made that nothing has used since is deleted through
 * the normal delete operations, so the undo syncs like any change; a record used since (an item
 * sold or counted, a service or item on a job card or invoice, a customer with a job card or an
 * invoice, a category an item kept still has) stays, and the report says which and why. What the
 * import changed in records it did not make stays as it is. An import of opening balances is
 * refused whole, in words: all it made are invoices, and an invoice is never deleted (any invoice
 * among another import's records would be kept and named all the same).
 */
export async function undoImport(db: GarageDb, author: Author, importId: string): Promise<UndoReport> {
  if (!can(author.role, 'undoImports')) throw new ValidationError('Only an Admin can undo an import.');
  const run = await db.imports.get(importId);
  if (!run) throw new ValidationError('This import is not on this device.');
  if (run.undoneAt) throw new ValidationError('This import was undone already.');
  // Everything such an import made is an invoice: refused whole rather than marked undone with nothing removed.
  if (run.kind === 'openingBalances') throw new ValidationError(openingBalancesStay);
  const refs = (await db.importedRecords.where('importId').equals(importId).toArray()).flatMap((batch) => batch.refs);
  const sold = refs.some((ref) => ref.table === 'items' || ref.table === 'services') ? await soldRefs(db) : new Set<string>();
  const kept: KeptRecord[] = [];
  const removing = new Set<string>();
  const calls: LocalCall[] = [];
  for (const table of order) {
    for (const { id } of refs.filter((ref) => ref.table === table)) {
      const row = (await db.table(table).get(id)) as Record<string, unknown> | undefined;
      if (!row) continue; // deleted since: nothing to undo
      const name = String(row.invoiceNo ?? row.itemName ?? row.customerName ?? row.name ?? '');
      const reason = await usedBecause(table, id);
      if (reason) kept.push({ table, id, name, reason });
      else {
        removing.add(id);
        calls.push({ name: deleteOf[table]!, args: { id } });
      }
    }
  }
  for (let start = 0; start < calls.length; start += applyBatchSize) await runLocalMutations(db, author, calls.slice(start, start + applyBatchSize));
  await db.imports.update(importId, { undoneAt: new Date().toISOString() });
  return { removed: calls.length, kept: kept.slice(0, keptShown), keptCount: kept.length };

  async function usedBecause(table: SyncedTable, id: string): Promise<string | null> {
    if (table === 'items') {
      const moves = await db.stockMovements.where('itemId').equals(id).primaryKeys();
      if (moves.some((move) => move !== openingMovementId(id))) return why.stock;
      return sold.has(id) ? why.lines : null;
    }
    if (table === 'services') return sold.has(id) ? why.lines : null;
    if (table === 'customers') {
      const jobs = await db.jobCards.where('customerId').equals(id).count();
      const invoices = await db.invoices.where('[customerId+date]').between([id, Dexie.minKey], [id, Dexie.maxKey]).count();
      return jobs + invoices > 0 ? why.customer : null;
    }
    if (table === 'invoices') return why.invoice;
    if (table === 'categories') {
      const users = await db.items.where('categoryId').equals(id).primaryKeys();
      return users.some((itemId) => !removing.has(itemId)) ? why.category : null;
    }
    return null;
  }
}
