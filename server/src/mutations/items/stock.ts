import { eq, sql } from 'drizzle-orm';
import { items } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { MutationTx } from '../mutation-tx';
import { prepared } from '../../db/prepared';
import { movementRow, type Movement } from '../../../../shared/mutations/items';

/**
 * The one way stock changes (decisions.md): an append-only ledger row, and the item's stock moved
 * by the same amount in the same transaction. A delta, not an overwrite, so a count on one device
 * and a sale on another both count. Negative stock is allowed and shown, never "fixed".
 */
export function recordMovement(tx: MutationTx, movement: Movement): void {
  if (!tx.find('items', movement.itemId)) throw notFound('Item not found.');
  // The id comes from the device (adjustStock, putItem) or is derived from one (an item's opening):
  // one already in the ledger is the caller's conflict, not a failed insert (a 500).
  if (tx.find('stockMovements', movement.id)) throw conflict('This stock movement id is already used.');
  tx.insert('stockMovements', movementRow(movement, tx.mutationId, tx.user, tx.occurred));
  const moveStock = prepared(tx.db, 'recordMovement:items', () =>
    tx.db
      .update(items)
      .set({ stockHundredths: sql`${items.stockHundredths} + ${sql.placeholder('delta')}`, updatedAt: sql`${sql.placeholder('now')}`, version: sql`${sql.placeholder('version')}` })
      .where(eq(items.id, sql.placeholder('itemId')))
      .prepare(),
  );
  moveStock.run({ delta: movement.quantityHundredths, now: tx.now, version: tx.version(), itemId: movement.itemId });
  tx.wrote('items', movement.itemId);
}
