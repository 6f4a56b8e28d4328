import { readAhead } from '@server/db/read-ahead';
import { HttpError, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from '../items/stock';
import type { MutationArgs } from '@shared/mutations/definitions';
import { receiptPlan, type ReceivedItem } from '@shared/mutations/receiving';
import { receiptMessages } from '@shared/schemas/receipt';
import type { PurchaseOrderRow } from '@shared/schemas/purchase-order';
import { notYetStatus } from '@shared/sync/protocol';
import { orderLines } from './order-rows';

/**
 * A delivery (issue 44): a fact, recorded whatever it meets. Each line adds to its order line's
 * received quantity (a delta, so two tablets receiving offline both count) and is a 'received'
 * movement on its item; more than was still to come, a part not on the order, or an item the server
 * does not hold is recorded and raised for review. Each item on the order gets its weighted average
 * cost from the stock the server holds as the delivery arrives (shared/domain/average-cost.ts). A delivery for an order the server has never
 * held waits on its device (425) until the order arrives; over REST that is a 404.
 */
export async function receiveGoods(tx: MutationTx, args: MutationArgs<'receiveGoods'>) {
  const order = (await tx.find('purchaseOrders', args.orderId)) as unknown as PurchaseOrderRow | undefined;
  if (!order) {
    if (tx.fromDevice) throw new HttpError(notYetStatus, receiptMessages.notYetOrder);
    throw notFound(receiptMessages.orderGone);
  }
  const items = new Map<string, ReceivedItem | undefined>();
  const itemOf = async (itemId: string) => {
    if (!items.has(itemId)) {
      const row = await tx.find('items', itemId);
      items.set(
        itemId,
        row
          ? { itemName: String(row.itemName), barcode: String(row.barcode), stockHundredths: Number(row.stockHundredths), costPriceCents: Number(row.costPriceCents) }
          : undefined,
      );
    }
    return items.get(itemId);
  };
  const itemsAhead = await readAhead(
    args.lines.map((line) => line.itemId),
    itemOf,
  );
  const plan = receiptPlan(args, order, await orderLines(tx, args.orderId), itemsAhead, tx.user, tx.occurred);
  const receipt = await tx.insertReturning('goodsReceipts', plan.receipt, 'This delivery was already recorded.');
  for (const line of plan.lines) await tx.insert('goodsReceiptLines', line, 'This delivery line was already recorded.');
  for (const movement of plan.movements) await recordMovement(tx, movement, { item: true, duplicate: 'This delivery line was already recorded.' });
  for (const cost of plan.itemCosts) await tx.update('items', cost.itemId, { costPriceCents: cost.costPriceCents, lastCostCents: cost.lastCostCents });
  for (const line of plan.orderLines) await tx.update('purchaseOrderLines', line.id, { receivedHundredths: line.receivedHundredths });
  await tx.update('purchaseOrders', args.orderId, { status: plan.status, orderedAt: plan.orderedAt });
  return receipt;
}
