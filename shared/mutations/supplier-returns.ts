import type { z } from 'zod';
import { defineMutation } from './define';
import { markSupplierReturnReviewedSchema, returnToSupplierSchema, supplierReturnMessages, type SupplierReturnLineRow, type SupplierReturnRow } from '../schemas/supplier-return';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '../schemas/receipt';
import { toHundredths } from '../domain/quantity';
import { averageCostAfter } from '../domain/average-cost';
import { itemMissingWords, leftToReturn, overReturnWords, returnedMovementId } from '../domain/supplier-returns';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { noFactReview } from '../domain/sale-review';
import type { Movement } from './items';
import type { RecordRef } from '../sync/tables';

type ReturnArgs = z.output<typeof returnToSupplierSchema>;

/**
 * Parts of a delivery sent back to its supplier (issue 44, point 7): a fact (the parts have left the
 * shop), never refused by the server for what it meets there. It leans on its delivery, which the
 * device that received it may not have sent yet: until the server holds it the return waits on its
 * device (notYetStatus).
 */
export const returnToSupplier = defineMutation({
  name: 'returnToSupplier',
  fact: true,
  schema: returnToSupplierSchema,
  permission: 'purchase',
  touches: (args: ReturnArgs): RecordRef[] => [
    { table: 'supplierReturns', id: args.id },
    ...args.lines.flatMap((line): RecordRef[] => [
      { table: 'supplierReturnLines', id: line.id },
      { table: 'stockMovements', id: returnedMovementId(line.id) },
      { table: 'items', id: line.itemId },
      { table: 'goodsReceiptLines', id: line.receiptLineId },
    ]),
  ],
  leansOn: (args: ReturnArgs) => ({ record: { table: 'goodsReceipts', id: args.receiptId }, madeBy: 'receiveGoods' }),
});

export const markSupplierReturnReviewed = defineMutation({
  name: 'markSupplierReturnReviewed',
  schema: markSupplierReturnReviewedSchema,
  permission: 'purchase',
  touches: (args) => [{ table: 'supplierReturns', id: args.id }],
});

/** An item as a return reads it: its name and stock, and its cost when the side reads costs. */
export interface ReturnedItem {
  itemName: string;
  stockHundredths: number;
  costPriceCents?: number;
}

type Stored<Row> = Omit<Row, 'version' | 'deleted' | 'updatedAt'>;

/** A line that sent back more than its delivery line had left, as the side holds it. */
export interface OverReturn {
  lineId: string;
  itemName: string;
  leftHundredths: number;
  overHundredths: number;
}

export interface ReturnPlan {
  supplierReturn: Stored<SupplierReturnRow>;
  lines: Stored<SupplierReturnLineRow>[];
  /** One 'returnedToSupplier' movement out a line whose item is on record. */
  movements: Movement[];
  /** Each item's cost after the parts went back (only where the side reads costs). */
  itemCosts: { itemId: string; costPriceCents: number }[];
  /** Each delivery line's returned quantity after this return. */
  receiptLines: { id: string; returnedHundredths: number }[];
  /** The lines beyond what was left: raised for review on the server, refused on the device's form. */
  over: OverReturn[];
}

/**
 * The first line of a return that does not name a line of its delivery (or names it with another
 * item): bad input, refused on both sides with these words, nothing written. Null when all are.
 */
export function lineNotOnReceipt(args: ReturnArgs, receiptLines: readonly Pick<GoodsReceiptLineRow, 'id' | 'receiptId' | 'itemId'>[]): string | null {
  const byId = new Map(receiptLines.map((line) => [line.id, line]));
  for (const line of args.lines) {
    const receiptLine = byId.get(line.receiptLineId);
    if (!receiptLine || receiptLine.receiptId !== args.receiptId || receiptLine.itemId !== line.itemId) return supplierReturnMessages.lineNotOnReceipt;
  }
  return null;
}

/**
 * Everything a return writes, worked out once for the device's optimistic apply and the server's,
 * from the delivery and its lines as that side holds them (call lineNotOnReceipt first). Each line
 * goes back at the cost it was received at (its delivery line's); stock goes out by one movement a
 * line; the delivery line's returned quantity grows; the credit is Σ round(quantity × cost); each
 * item's average cost takes the quantity out at that cost (shared/domain/average-cost.ts) where the
 * side reads costs. More than a line had left is recorded and the return raised for review.
 */
export function returnPlan(
  args: ReturnArgs,
  receipt: Pick<GoodsReceiptRow, 'id' | 'orderId' | 'orderNo' | 'supplierId' | 'supplierName'>,
  receiptLines: readonly GoodsReceiptLineRow[],
  itemOf: (itemId: string) => ReturnedItem | undefined,
  author: { id: string; name: string },
  when: Occurred,
): ReturnPlan {
  const byId = new Map(receiptLines.map((line) => [line.id, { ...line }]));
  const reasons: string[] = [];
  const over: OverReturn[] = [];
  const held = new Map<string, { stockHundredths: number; costCents?: number }>();
  const movements: Movement[] = [];
  const lines = args.lines.map((line, position): Stored<SupplierReturnLineRow> => {
    const receiptLine = byId.get(line.receiptLineId);
    if (!receiptLine) throw new Error(supplierReturnMessages.lineNotOnReceipt);
    const quantityHundredths = toHundredths(line.quantity);
    const item = itemOf(receiptLine.itemId);
    const name = item?.itemName ?? receiptLine.itemName;
    const left = leftToReturn(receiptLine);
    if (quantityHundredths > left) {
      over.push({ lineId: line.id, itemName: name, leftHundredths: left, overHundredths: quantityHundredths - left });
      reasons.push(overReturnWords(name, quantityHundredths - left));
    }
    receiptLine.returnedHundredths += quantityHundredths;
    const unitCostCents = receiptLine.unitCostCents ?? 0;
    if (item) {
      movements.push({
        id: returnedMovementId(line.id),
        itemId: receiptLine.itemId,
        quantityHundredths: -quantityHundredths,
        reason: 'returnedToSupplier',
        source: 'supplierReturn',
        note: receipt.orderNo,
      });
      const before = held.get(receiptLine.itemId) ?? { stockHundredths: item.stockHundredths, costCents: item.costPriceCents };
      held.set(receiptLine.itemId, {
        stockHundredths: before.stockHundredths - quantityHundredths,
        costCents:
          before.costCents !== undefined && receiptLine.unitCostCents !== undefined
            ? averageCostAfter({ stockHundredths: before.stockHundredths, costCents: before.costCents }, -quantityHundredths, unitCostCents)
            : before.costCents,
      });
    } else reasons.push(itemMissingWords(name));
    return {
      id: line.id,
      returnId: args.id,
      receiptId: args.receiptId,
      receiptLineId: receiptLine.id,
      position,
      itemId: receiptLine.itemId,
      itemName: name,
      quantityHundredths,
      unitCostCents,
    };
  });
  const supplierReturn: Stored<SupplierReturnRow> = {
    id: args.id,
    receiptId: args.receiptId,
    orderId: receipt.orderId,
    orderNo: receipt.orderNo,
    supplierId: receipt.supplierId,
    supplierName: receipt.supplierName,
    note: args.note,
    totalCents: lines.reduce((sum, line) => sum + Math.round((line.quantityHundredths * line.unitCostCents) / 100), 0),
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    register: when.register ?? '',
    ...factTimesOf(when),
    ...noFactReview,
    ...(reasons.length > 0 ? { reviewState: 'open' as const, reviewReason: reasons.join(' ').slice(0, 1000) } : {}),
  };
  const itemCosts = [...held].flatMap(([itemId, cost]) => (cost.costCents !== undefined ? [{ itemId, costPriceCents: cost.costCents }] : []));
  const changed = [...new Set(lines.map((line) => line.receiptLineId))].map((id) => ({ id, returnedHundredths: byId.get(id)!.returnedHundredths }));
  return { supplierReturn, lines, movements, itemCosts, receiptLines: changed, over };
}
