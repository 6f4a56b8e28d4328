import { eq, sql } from 'drizzle-orm';
import { items } from '@server/db/schema';
import { notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { prepared } from '@server/db/prepared';
import { movementRow, type Movement } from '@shared/mutations/items';

/** What the caller knows of this movement: what it has looked up already (not read again, issue 24), and its words for a used id. */
export interface MovementChecked {
  /** The item exists (a row, tombstone or not): looked up by the caller. */
  item?: boolean;
  /** The 409's message when the movement's id is already in the ledger (the caller's words for it). */
  duplicate?: string;
}

/**
 * The ledger row of a movement, at this mutation's version. Its id comes from the device (adjustStock,
 * putItem) or is derived from one (a sale line's, an item's opening): one already in the ledger is
 * the caller's conflict, which the ledger's key refuses rather than a read before every insert (a
 * statement a sale line, issue 24).
 */
export async function insertMovement(tx: MutationTx, movement: Movement, duplicate = 'This stock movement id is already used.'): Promise<void> {
  await tx.insert('stockMovements', movementRow(movement, tx.mutationId, tx.user, tx.occurred), duplicate);
}

/**
 * How stock changes (decisions.md; a new item alone is inserted at its opening, createItem): an append-only ledger row, and the item's stock moved
 * by the same amount in the same transaction. A delta, not an overwrite, so a count on one device
 * and a sale on another both count. Negative stock is allowed and shown, never "fixed".
 * The item is moved without reading it back: a sale line answers nothing of it, and a count answers
 * it through answerRow (adjust-stock.ts).
 */
export async function recordMovement(tx: MutationTx, movement: Movement, checked: MovementChecked = {}): Promise<void> {
  if (!checked.item && !(await tx.find('items', movement.itemId))) throw notFound('Item not found.');
  await insertMovement(tx, movement, checked.duplicate);
  const moveStock = prepared(tx.db, 'recordMovement:moveItem', () =>
    tx.db
      .update(items)
      .set({ stockHundredths: sql`${items.stockHundredths} + ${sql.placeholder('delta')}`, updatedAt: sql`${sql.placeholder('now')}`, version: sql`${sql.placeholder('version')}` })
      .where(eq(items.id, sql.placeholder('itemId')))
      .prepare(),
  );
  const version = await tx.version();
  await tx.writeOwn('items', movement.itemId, () => moveStock.run({ delta: movement.quantityHundredths, now: tx.now, version, itemId: movement.itemId }));
}
