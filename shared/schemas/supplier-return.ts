import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { purchaseQuantity } from './purchase-order';
import type { FactTimes } from '../domain/device-time';
import type { SaleReviewState } from '../domain/sale-review';

/** Returns to a supplier's words (issue 44, point 7; the spec has none). */
export const supplierReturnMessages = {
  noLines: 'Choose at least one part to send back.',
  tooManyLines: 'A return holds at most 500 lines.',
  duplicateLine: 'A part is sent back once in a return: change its quantity instead.',
  receiptGone: 'This delivery is not on this device.',
  lineNotOnReceipt: 'That part did not come in this delivery.',
  moreThanLeft: (name: string, left: string) => `Only ${left} of ${name} came in this delivery and has not been sent back.`,
  recorded: (count: number) => `Return recorded: ${count} line${count === 1 ? '' : 's'} out of stock.`,
  notYetReceipt: 'The delivery these parts came in has not reached the server yet. The return stays on this device and is sent again once the delivery is there.',
  noneToReturn: 'Type how many of a part go back.',
  duplicate: 'This return was already recorded.',
  notFound: 'Return not found.',
  reviewed: 'Marked as reviewed.',
} as const;

export const supplierReturnLineSchema = z.object({
  /** The line's id; its stock movement's id follows from it (`<id>/returned`). */
  id: idSchema,
  /** The delivery line the parts came in on: they go back at the cost they were received at. */
  receiptLineId: idSchema,
  /** The delivery line's item: named so the device's outbox entry touches it (the server checks it is the line's). */
  itemId: idSchema,
  quantity: purchaseQuantity,
});

/**
 * Parts sent back to the supplier they came from (issue 44, point 7): a fact (the parts left the
 * shop), out of stock at the cost they were received at, and a credit from the supplier against
 * what the shop owes it.
 */
export const returnToSupplierSchema = z.object({
  id: idSchema,
  receiptId: idSchema,
  note: optionalText(300, 'Reason', { multiline: true }),
  lines: z
    .array(supplierReturnLineSchema, { error: supplierReturnMessages.noLines })
    .min(1, supplierReturnMessages.noLines)
    .max(500, supplierReturnMessages.tooManyLines)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      for (const line of lines) {
        if (seen.has(line.receiptLineId)) ctx.addIssue({ code: 'custom', message: supplierReturnMessages.duplicateLine });
        seen.add(line.receiptLineId);
      }
    }),
});

/** A Manager's or Admin's look at a return raised for review. */
export const markSupplierReturnReviewedSchema = z.object({ id: idSchema });

export interface SupplierReturnRow extends FactTimes {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  receiptId: string;
  orderId: string;
  orderNo: string;
  supplierId: string;
  supplierName: string;
  note: string;
  /** The credit from the supplier: Σ of its lines at the cost they were received at. */
  totalCents: number;
  userId: string;
  userName: string;
  createdAt: string;
  register: string;
  /** Raised when more went back than the delivery had left (two devices sent the same parts back). */
  reviewState: SaleReviewState;
  reviewReason: string;
  reviewedById: string | null;
  reviewedBy: string;
  reviewedAt: string | null;
}

export interface SupplierReturnLineRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  returnId: string;
  receiptId: string;
  receiptLineId: string;
  position: number;
  itemId: string;
  itemName: string;
  quantityHundredths: number;
  /** The delivery line's cost. */
  unitCostCents: number;
}
