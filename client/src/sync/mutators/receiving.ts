import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import { recordMovementLocally } from './items';
import type { MutationArgs } from '@shared/mutations/definitions';
import { receiptPlan, type ReceivedItem } from '@shared/mutations/receiving';
import { receiptMessages } from '@shared/schemas/receipt';
import type { PurchaseOrderLineRow, PurchaseOrderRow } from '@shared/schemas/purchase-order';
import { reviewedBy } from '@shared/domain/sale-review';

/**
 * The device's half of server/src/mutations/purchasing/receive-goods.ts: the same rows from the
 * device's copy of the order, so the tablet shows what came and what is still to come at once,
 * offline. A Staff tablet holds no costs, so its rows carry none; the server's do.
 */
export async function receiveGoods(tx: LocalTx, args: MutationArgs<'receiveGoods'>): Promise<void> {
  const order = (await tx.get('purchaseOrders', args.orderId)) as unknown as PurchaseOrderRow | undefined;
  if (!order) throw new ValidationError(receiptMessages.orderGone);
  const lines = (await tx.db.purchaseOrderLines.where('orderId').equals(args.orderId).toArray()) as unknown as PurchaseOrderLineRow[];
  const rows = await tx.db.items.bulkGet(args.lines.map((line) => line.itemId));
  const items = new Map<string, ReceivedItem>();
  for (const row of rows)
    if (row)
      items.set(row.id, {
        itemName: row.itemName,
        barcode: row.barcode,
        stockHundredths: Number(row.stockHundredths ?? 0),
        ...(row.costPriceCents !== undefined ? { costPriceCents: row.costPriceCents } : {}),
      });
  const plan = receiptPlan(
    args,
    order,
    lines.filter((line) => !line.deleted),
    (itemId) => items.get(itemId),
    tx.author,
    tx.occurred,
  );
  await tx.put('goodsReceipts', plan.receipt);
  await tx.db.goodsReceiptLines.bulkPut(plan.lines.map((line) => ({ ...line, version: 0, deleted: false, updatedAt: tx.now })));
  for (const movement of plan.movements) await recordMovementLocally(tx, movement);
  for (const cost of plan.itemCosts) await tx.patch('items', cost.itemId, { costPriceCents: cost.costPriceCents, lastCostCents: cost.lastCostCents });
  for (const line of plan.orderLines) await tx.patch('purchaseOrderLines', line.id, { receivedHundredths: line.receivedHundredths });
  await tx.patch('purchaseOrders', args.orderId, { status: plan.status, orderedAt: plan.orderedAt });
}

export async function markReceiptReviewed(tx: LocalTx, args: MutationArgs<'markReceiptReviewed'>): Promise<void> {
  const row = await tx.get('goodsReceipts', args.id);
  if (!row) throw new ValidationError(receiptMessages.notFound);
  if (row.reviewState !== 'open') return;
  await tx.patch('goodsReceipts', args.id, reviewedBy(tx.author, tx.now));
}
