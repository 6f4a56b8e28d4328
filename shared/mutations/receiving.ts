import type { z } from 'zod';
import { defineMutation } from './define';
import { markReceiptReviewedSchema, receiveGoodsSchema, type GoodsReceiptLineRow, type GoodsReceiptRow } from '../schemas/receipt';
import type { PurchaseOrderLineRow, PurchaseOrderRow, PurchaseOrderStatus } from '../schemas/purchase-order';
import { toHundredths } from '../domain/quantity';
import { orderStatus } from '../domain/purchase-orders';
import { issueWords, judgeLine, receivedMovementId } from '../domain/receiving';
import { averageCostAfter } from '../domain/average-cost';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { noFactReview } from '../domain/sale-review';
import type { Movement } from './items';
import type { RecordRef } from '../sync/tables';

type ReceiveArgs = z.output<typeof receiveGoodsSchema>;

/**
 * A delivery counted in against an order (issue 44): a fact, never refused by the server (what came
 * is in the shop). It leans on its order, which a Manager's device may not have sent yet: until the
 * server holds it the delivery waits on the receiving device (notYetStatus).
 */
export const receiveGoods = defineMutation({
  name: 'receiveGoods',
  fact: true,
  schema: receiveGoodsSchema,
  permission: 'receiveGoods',
  touches: (args: ReceiveArgs): RecordRef[] => [
    { table: 'goodsReceipts', id: args.id },
    { table: 'purchaseOrders', id: args.orderId },
    ...args.lines.flatMap((line): RecordRef[] => [
      { table: 'goodsReceiptLines', id: line.id },
      { table: 'stockMovements', id: receivedMovementId(line.id) },
      { table: 'items', id: line.itemId },
      ...(line.orderLineId ? [{ table: 'purchaseOrderLines' as const, id: line.orderLineId }] : []),
    ]),
  ],
  leansOn: (args: ReceiveArgs) => ({ record: { table: 'purchaseOrders', id: args.orderId }, madeBy: 'createPurchaseOrder' }),
});

export const markReceiptReviewed = defineMutation({
  name: 'markReceiptReviewed',
  schema: markReceiptReviewedSchema,
  permission: 'purchase',
  touches: (args) => [{ table: 'goodsReceipts', id: args.id }],
});

/** An item as a receipt reads it: its name, barcode and stock, and its cost when the side reads costs. */
export interface ReceivedItem {
  itemName: string;
  barcode: string;
  stockHundredths: number;
  costPriceCents?: number;
}

/** An item's cost after a delivery: the weighted average, and the last cost paid (shared/domain/average-cost.ts). */
export interface ItemCost {
  itemId: string;
  costPriceCents: number;
  lastCostCents: number;
}

type Stored<Row> = Omit<Row, 'version' | 'deleted' | 'updatedAt'>;

export interface ReceiptPlan {
  receipt: Stored<GoodsReceiptRow>;
  lines: Stored<GoodsReceiptLineRow>[];
  /** One 'received' movement a line whose item is on record. */
  movements: Movement[];
  /** The cost of each item a line on the order brought, after it (only where the side reads costs). */
  itemCosts: ItemCost[];
  /** Each order line's received quantity after this delivery. */
  orderLines: { id: string; receivedHundredths: number }[];
  status: PurchaseOrderStatus;
  /** When the order is first received while still a draft (placed by telephone), its placing time. */
  orderedAt: string | null;
}

/**
 * Everything a delivery writes, worked out once for the device's optimistic apply and the server's,
 * from the order and its lines as that side holds them. Each line's cost is its order line's (the
 * item's cost for a part the order does not hold); a side that reads no costs (a Staff tablet)
 * leaves them out, and the server writes them.
 */
export function receiptPlan(
  args: ReceiveArgs,
  order: Pick<PurchaseOrderRow, 'orderNo' | 'supplierId' | 'supplierName' | 'orderedAt'>,
  orderLines: readonly PurchaseOrderLineRow[],
  itemOf: (itemId: string) => ReceivedItem | undefined,
  author: { id: string; name: string },
  when: Occurred,
): ReceiptPlan {
  const byId = new Map(orderLines.map((line) => [line.id, { ...line }]));
  const reasons: string[] = [];
  const lines = args.lines.map((line, position): Stored<GoodsReceiptLineRow> => {
    const quantityHundredths = toHundredths(line.quantity);
    const orderLine = line.orderLineId ? byId.get(line.orderLineId) : undefined;
    const item = itemOf(line.itemId);
    const judged = judgeLine(orderLine, quantityHundredths, item !== undefined);
    const name = item?.itemName ?? orderLine?.itemName ?? 'An item';
    if (judged.issue) reasons.push(issueWords(name, judged, quantityHundredths));
    if (orderLine) orderLine.receivedHundredths += quantityHundredths;
    const unitCostCents = orderLine ? orderLine.unitCostCents : item?.costPriceCents;
    return {
      id: line.id,
      receiptId: args.id,
      orderId: args.orderId,
      orderLineId: orderLine ? orderLine.id : null,
      position,
      itemId: line.itemId,
      itemName: name,
      barcode: item?.barcode ?? orderLine?.barcode ?? '',
      quantityHundredths,
      ...(unitCostCents !== undefined ? { unitCostCents } : {}),
      issue: judged.issue,
      returnedHundredths: 0,
    };
  });
  const itemCosts = costsAfter(lines, itemOf);
  const movements = lines
    .filter((line) => line.issue !== 'itemMissing')
    .map((line): Movement => ({
      id: receivedMovementId(line.id),
      itemId: line.itemId,
      quantityHundredths: line.quantityHundredths,
      reason: 'received',
      source: 'receipt',
      note: order.orderNo,
    }));
  const costed = lines.every((line) => line.unitCostCents !== undefined);
  const receipt: Stored<GoodsReceiptRow> = {
    id: args.id,
    orderId: args.orderId,
    orderNo: order.orderNo,
    supplierId: order.supplierId,
    supplierName: order.supplierName,
    note: args.note,
    ...(costed ? { totalCents: lines.reduce((sum, line) => sum + Math.round((line.quantityHundredths * (line.unitCostCents ?? 0)) / 100), 0) } : {}),
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    register: when.register ?? '',
    ...factTimesOf(when),
    ...noFactReview,
    ...(reasons.length > 0 ? { reviewState: 'open' as const, reviewReason: reasons.join(' ').slice(0, 1000) } : {}),
  };
  const after = [...byId.values()];
  const changed = lines.filter((line) => line.orderLineId).map((line) => ({ id: line.orderLineId!, receivedHundredths: byId.get(line.orderLineId!)!.receivedHundredths }));
  return { receipt, lines, movements, itemCosts, orderLines: changed, status: orderStatus(true, after), orderedAt: order.orderedAt ?? when.at };
}

/**
 * Each item's cost after the delivery's lines, taken one after another: a line for an order line moves
 * the average at that line's unit cost; a part not on the order (no agreed cost) moves the stock the
 * next line averages with, not the cost. Nothing where the side does not read costs.
 */
function costsAfter(lines: readonly Stored<GoodsReceiptLineRow>[], itemOf: (itemId: string) => ReceivedItem | undefined): ItemCost[] {
  const held = new Map<string, { stockHundredths: number; costCents: number; lastCostCents?: number }>();
  for (const line of lines) {
    const item = itemOf(line.itemId);
    if (!item || item.costPriceCents === undefined || line.issue === 'itemMissing') continue;
    const before = held.get(line.itemId) ?? { stockHundredths: item.stockHundredths, costCents: item.costPriceCents };
    const costed = line.orderLineId !== null && line.unitCostCents !== undefined;
    held.set(line.itemId, {
      stockHundredths: before.stockHundredths + line.quantityHundredths,
      costCents: costed ? averageCostAfter(before, line.quantityHundredths, line.unitCostCents!) : before.costCents,
      lastCostCents: costed ? line.unitCostCents : before.lastCostCents,
    });
  }
  return [...held].filter(([, cost]) => cost.lastCostCents !== undefined).map(([itemId, cost]) => ({ itemId, costPriceCents: cost.costCents, lastCostCents: cost.lastCostCents! }));
}
