import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import { recordMovementLocally } from './items';
import type { MutationArgs } from '@shared/mutations/definitions';
import { lineNotOnReceipt, returnPlan, type ReturnedItem } from '@shared/mutations/supplier-returns';
import { supplierReturnMessages } from '@shared/schemas/supplier-return';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';
import { formatQuantity } from '@shared/domain/quantity';
import { reviewedBy } from '@shared/domain/sale-review';

/**
 * The device's half of server/src/mutations/purchasing/return-to-supplier.ts: the same rows from the
 * device's copy of the delivery, so the stock, the delivery's lines and the item's cost show the
 * return at once, offline. Here, unlike on the server, more than a line has left is refused (the
 * Manager sees what is left on the form); another device's return of the same parts meets the server
 * first and is raised there.
 */
export async function returnToSupplier(tx: LocalTx, args: MutationArgs<'returnToSupplier'>): Promise<void> {
  const receipt = (await tx.get('goodsReceipts', args.receiptId)) as unknown as GoodsReceiptRow | undefined;
  if (!receipt || receipt.deleted) throw new ValidationError(supplierReturnMessages.receiptGone);
  const lines = ((await tx.db.goodsReceiptLines.where('receiptId').equals(args.receiptId).toArray()) as unknown as GoodsReceiptLineRow[]).filter((line) => !line.deleted);
  const refused = lineNotOnReceipt(args, lines);
  if (refused) throw new ValidationError(refused);
  const rows = await tx.db.items.bulkGet([...new Set(lines.map((line) => line.itemId))]);
  const items = new Map<string, ReturnedItem>();
  for (const row of rows)
    if (row)
      items.set(row.id, {
        itemName: row.itemName,
        stockHundredths: Number(row.stockHundredths ?? 0),
        ...(row.costPriceCents !== undefined ? { costPriceCents: row.costPriceCents } : {}),
      });
  const plan = returnPlan(args, receipt, lines, (itemId) => items.get(itemId), tx.author, tx.occurred);
  const over = plan.over[0];
  if (over) throw new ValidationError(supplierReturnMessages.moreThanLeft(over.itemName, formatQuantity(over.leftHundredths)));
  await tx.put('supplierReturns', plan.supplierReturn);
  await tx.db.supplierReturnLines.bulkPut(plan.lines.map((line) => ({ ...line, version: 0, deleted: false, updatedAt: tx.now })));
  for (const movement of plan.movements) await recordMovementLocally(tx, movement);
  for (const cost of plan.itemCosts) await tx.patch('items', cost.itemId, { costPriceCents: cost.costPriceCents });
  for (const line of plan.receiptLines) await tx.patch('goodsReceiptLines', line.id, { returnedHundredths: line.returnedHundredths });
}

export async function markSupplierReturnReviewed(tx: LocalTx, args: MutationArgs<'markSupplierReturnReviewed'>): Promise<void> {
  const row = await tx.get('supplierReturns', args.id);
  if (!row) throw new ValidationError(supplierReturnMessages.notFound);
  if (row.reviewState !== 'open') return;
  await tx.patch('supplierReturns', args.id, reviewedBy(tx.author, tx.now));
}
