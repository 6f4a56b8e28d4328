import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { purchaseQuantity } from './purchase-order';
import type { FactTimes } from '../domain/device-time';
import type { SaleReviewState } from '../domain/sale-review';

/** Receiving's words (issue 44). */
export const receiptMessages = {
  noLines: 'Scan or count at least one part before recording the delivery.',
  tooManyLines: 'A delivery holds at most 500 lines: record it in parts.',
  duplicateLine: 'A part is counted once in a delivery: change its quantity instead.',
  orderGone: 'This order is not on this device.',
  draftOrder: 'Place the order before receiving against it.',
  recorded: (count: number) => `Delivery recorded: ${count} line${count === 1 ? '' : 's'} into stock.`,
  notYetOrder: 'The order this delivery is for has not reached the server yet. The delivery stays on this device and is sent again once the order is there.',
  reviewed: 'Marked as reviewed.',
  notFound: 'Delivery not found.',
} as const;

/** Why a receipt line is raised for review: more than was still to come, or a part the order does not hold. */
export const receiptLineIssues = ['', 'over', 'notOnOrder', 'itemMissing'] as const;
export type ReceiptLineIssue = (typeof receiptLineIssues)[number];

export const receiptLineSchema = z.object({
  /** The line's id; its stock movement's id follows from it (`<id>/received`). */
  id: idSchema,
  itemId: idSchema,
  /** The order line it is for; absent for a part the order does not hold. */
  orderLineId: idSchema.optional(),
  quantity: purchaseQuantity,
});

/**
 * A delivery counted in against an order (issue 44): a fact, like a sale. Quantities only: the cost
 * of each line is the order line's, which the receiving device need not know (Staff read no costs).
 */
export const receiveGoodsSchema = z.object({
  id: idSchema,
  orderId: idSchema,
  note: optionalText(300, 'Note', { multiline: true }),
  lines: z
    .array(receiptLineSchema, { error: receiptMessages.noLines })
    .min(1, receiptMessages.noLines)
    .max(500, receiptMessages.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      for (const line of lines) {
        const key = line.orderLineId ?? `item:${line.itemId}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: receiptMessages.duplicateLine });
        seen.add(key);
      }
    }),
});

/** A Manager's or Admin's look at a delivery raised for review. */
export const markReceiptReviewedSchema = z.object({ id: idSchema });

export interface GoodsReceiptRow extends FactTimes {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  orderId: string;
  orderNo: string;
  supplierId: string;
  supplierName: string;
  note: string;
  /** Σ of its lines at their costs; absent on a device that reads no costs. */
  totalCents?: number;
  userId: string;
  userName: string;
  createdAt: string;
  register: string;
  reviewState: SaleReviewState;
  reviewReason: string;
  reviewedById: string | null;
  reviewedBy: string;
  reviewedAt: string | null;
}

export interface GoodsReceiptLineRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  receiptId: string;
  orderId: string;
  orderLineId: string | null;
  position: number;
  itemId: string;
  itemName: string;
  barcode: string;
  quantityHundredths: number;
  /** The order line's unit cost (the item's cost for a part not on the order); absent for Staff. */
  unitCostCents?: number;
  /** Why it is raised for review ('' when not). */
  issue: ReceiptLineIssue;
  /** What of it went back to the supplier (returns to a supplier). */
  returnedHundredths: number;
}
