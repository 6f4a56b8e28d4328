import { readAhead } from '@server/db/read-ahead';
import { and, asc, eq } from 'drizzle-orm';
import { goodsReceiptLines } from '@server/db/schema';
import { HttpError, badRequest, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { recordMovement } from '../items/stock';
import type { MutationArgs } from '@shared/mutations/definitions';
import { lineNotOnReceipt, returnPlan, type ReturnedItem } from '@shared/mutations/supplier-returns';
import { supplierReturnMessages } from '@shared/schemas/supplier-return';
import { receiptMessages, type GoodsReceiptLineRow, type GoodsReceiptRow } from '@shared/schemas/receipt';
import { reviewedBy } from '@shared/domain/sale-review';
import { notYetStatus } from '@shared/sync/protocol';

/**
 * Parts of a delivery sent back to its supplier (issue 44, point 7): a fact, recorded whatever it
 * meets. Each line goes back at the cost its delivery line was received at, is a 'returnedToSupplier'
 * movement out of its item's stock, adds to the delivery line's returned quantity (worked out from
 * the server's row as the return arrives, so two devices' returns both count) and takes its quantity
 * out of the item's average cost. More than the delivery line had left is recorded all the same and
 * the return raised for review. A line that is not on the delivery is bad input (400). A return for a
 * delivery the server has never held waits on its device (425) until it arrives; over REST a 404.
 */
export async function returnToSupplier(tx: MutationTx, args: MutationArgs<'returnToSupplier'>) {
  const receipt = (await tx.find('goodsReceipts', args.receiptId)) as unknown as GoodsReceiptRow | undefined;
  if (!receipt) {
    if (tx.fromDevice) throw new HttpError(notYetStatus, supplierReturnMessages.notYetReceipt);
    throw notFound(receiptMessages.notFound);
  }
  const lines = (await tx.db
    .select()
    .from(goodsReceiptLines)
    .where(and(eq(goodsReceiptLines.receiptId, args.receiptId), eq(goodsReceiptLines.deleted, false)))
    .orderBy(asc(goodsReceiptLines.position))
    .all()) as unknown as GoodsReceiptLineRow[];
  const refused = lineNotOnReceipt(args, lines);
  if (refused) throw badRequest(refused);
  const items = new Map<string, ReturnedItem | undefined>();
  const itemOf = async (itemId: string) => {
    if (!items.has(itemId)) {
      const row = await tx.find('items', itemId);
      items.set(itemId, row ? { itemName: String(row.itemName), stockHundredths: Number(row.stockHundredths), costPriceCents: Number(row.costPriceCents) } : undefined);
    }
    return items.get(itemId);
  };
  // The items of the receipt lines returned (a line not on the receipt was refused above).
  const byLine = new Map(lines.map((line) => [line.id, line.itemId]));
  const returned = await readAhead(
    args.lines.flatMap((line) => byLine.get(line.receiptLineId) ?? []),
    itemOf,
  );
  const plan = returnPlan(args, receipt, lines, returned, tx.user, tx.occurred);
  const stored = await tx.insertReturning('supplierReturns', plan.supplierReturn, supplierReturnMessages.duplicate);
  for (const line of plan.lines) await tx.insert('supplierReturnLines', line, supplierReturnMessages.duplicate);
  for (const movement of plan.movements) await recordMovement(tx, movement, { item: true, duplicate: supplierReturnMessages.duplicate });
  for (const cost of plan.itemCosts) await tx.update('items', cost.itemId, { costPriceCents: cost.costPriceCents });
  for (const line of plan.receiptLines) await tx.update('goodsReceiptLines', line.id, { returnedHundredths: line.returnedHundredths });
  return stored;
}

/** A return's review closed (a no-op when already closed, so two Managers at once both succeed). */
export async function markSupplierReturnReviewed(tx: MutationTx, args: MutationArgs<'markSupplierReturnReviewed'>) {
  const row = await tx.findLive('supplierReturns', args.id);
  if (!row) throw notFound(supplierReturnMessages.notFound);
  if (row.reviewState !== 'open') return row;
  await tx.update('supplierReturns', args.id, reviewedBy(tx.user, tx.happenedAt));
  return (await tx.find('supplierReturns', args.id))!;
}
