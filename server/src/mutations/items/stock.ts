import { eq, sql } from 'drizzle-orm';
import { items } from '@server/db/schema';
import { conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { prepared } from '@server/db/prepared';
import { movementRow, type Movement } from '@shared/mutations/items';
import type { SyncedRow } from '@shared/sync/tables';

/**
 * What the caller has already looked up in this mutation, so it is not read again: each lookup is a
 * statement, and a push of item changes made three or four of the same item row's (issue 24, point 1).
 * `item`: the item exists (a row, tombstone or not); `movementId`: no movement has this id.
 */
export interface MovementChecked {
  item?: boolean;
  movementId?: boolean;
}

/**
 * The one way stock changes (decisions.md): an append-only ledger row, and the item's stock moved
 * by the same amount in the same transaction. A delta, not an overwrite, so a count on one device
 * and a sale on another both count. Negative stock is allowed and shown, never "fixed".
 * Answers the item's row after the move (the update's RETURNING, not another read).
 */
export function recordMovement(tx: MutationTx, movement: Movement, checked: MovementChecked = {}): SyncedRow {
  if (!checked.item && !tx.find('items', movement.itemId)) throw notFound('Item not found.');
  // The id comes from the device (adjustStock, putItem) or is derived from one (an item's opening):
  // one already in the ledger is the caller's conflict, not a failed insert (a 500).
  if (!checked.movementId && tx.find('stockMovements', movement.id)) throw conflict('This stock movement id is already used.');
  tx.insert('stockMovements', movementRow(movement, tx.mutationId, tx.user, tx.occurred));
  const moveStock = prepared(tx.db, 'recordMovement:items', () =>
    tx.db
      .update(items)
      .set({ stockHundredths: sql`${items.stockHundredths} + ${sql.placeholder('delta')}`, updatedAt: sql`${sql.placeholder('now')}`, version: sql`${sql.placeholder('version')}` })
      .where(eq(items.id, sql.placeholder('itemId')))
      .returning()
      .prepare(),
  );
  const moved = moveStock.get({ delta: movement.quantityHundredths, now: tx.now, version: tx.version(), itemId: movement.itemId });
  tx.wrote('items', movement.itemId);
  return moved as unknown as SyncedRow;
}
