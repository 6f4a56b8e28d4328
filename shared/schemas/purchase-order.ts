import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { bounds, strictNumber, isBlank } from './numbers';
import { purchaseOrderNoPattern } from '../domain/purchase-order-number';
import { groupedWhole } from '../domain/grouped-number';

/** A purchase order's words (issue 44; the spec has none). */
export const purchaseMessages = {
  supplier: 'Please choose a supplier.',
  supplierGone: 'Supplier not found. It may have been deleted.',
  itemGone: 'Item not found. It may have been deleted.',
  noLines: 'Add at least one item to the order.',
  tooManyLines: 'An order holds at most 500 lines.',
  duplicateItem: 'An item is on the order once: change its quantity instead.',
  quantity: 'Quantity must be more than 0, with at most two decimals.',
  quantityTooLarge: `Quantity must be at most ${groupedWhole(bounds.quantity.max)}.`,
  unitCost: 'Unit cost must be a number of at least 0, with at most two decimals.',
  orderNo: 'The order number is missing or not this device’s.',
  orderNoTaken: 'This order number is already used.',
  notFound: 'Purchase order not found.',
  onlyDraft: 'Only a draft order can be changed.',
  cancelled: 'This order is cancelled.',
  lineNotOnOrder: 'That line is not on this order.',
  created: (orderNo: string) => `Purchase order ${orderNo} saved as a draft.`,
} as const;

/** A positive quantity with at most two decimals (a part by the piece, oil by the litre). */
export const purchaseQuantity = z.unknown().transform((value, ctx) => {
  const number = isBlank(value) ? null : strictNumber(value);
  const problem =
    number === null || number <= 0 || Math.abs(number * 100 - Math.round(number * 100)) > 1e-6
      ? purchaseMessages.quantity
      : number > bounds.quantity.max
        ? purchaseMessages.quantityTooLarge
        : null;
  if (problem === null) return number!;
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
});

/** A unit cost in rupees, 0 or more, to the cent. */
export const unitCostField = z.unknown().transform((value, ctx) => {
  const number = isBlank(value) ? null : strictNumber(value);
  if (number === null || number < 0 || number > bounds.money.max || Math.abs(number * 100 - Math.round(number * 100)) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: purchaseMessages.unitCost });
    return z.NEVER;
  }
  return number;
});

const supplierId = z.string({ error: purchaseMessages.supplier }).trim().min(1, purchaseMessages.supplier).max(64);

export const purchaseLineSchema = z.object({
  id: idSchema,
  itemId: idSchema,
  quantity: purchaseQuantity,
  unitCost: unitCostField,
});

const linesSchema = z
  .array(purchaseLineSchema, { error: purchaseMessages.noLines })
  .min(1, purchaseMessages.noLines)
  .max(500, purchaseMessages.tooManyLines)
  .superRefine((lines, ctx) => {
    const items = new Set<string>();
    for (const line of lines) {
      if (items.has(line.itemId)) ctx.addIssue({ code: 'custom', message: purchaseMessages.duplicateItem });
      items.add(line.itemId);
    }
  });

/** A new order, a draft: numbered on the device like an invoice (PO-<device code>-<sequence>). */
export const createPurchaseOrderSchema = z.object({
  id: idSchema,
  /** A device's own number; over REST none (the server numbers it in its series). */
  orderNo: z.string({ error: purchaseMessages.orderNo }).trim().toUpperCase().regex(purchaseOrderNoPattern, purchaseMessages.orderNo).optional(),
  supplierId,
  note: optionalText(500, 'Note', { multiline: true }),
  lines: linesSchema,
});

/** A draft's edit: the supplier, the note, and its lines (those given are the draft's; `removedLineIds` go). */
export const updatePurchaseOrderSchema = z.object({
  id: idSchema,
  supplierId: supplierId.optional(),
  note: optionalText(500, 'Note', { multiline: true }).optional(),
  lines: linesSchema.optional(),
  removedLineIds: z.array(idSchema).max(500).optional().default([]),
});

/** Draft → Ordered: the order is sent to the supplier. */
export const placePurchaseOrderSchema = z.object({ id: idSchema });

/** What is still to come of one line (`lineId`), or of the whole order, is no longer expected. */
export const cancelPurchaseOrderSchema = z.object({ id: idSchema, lineId: idSchema.optional() });

export const purchaseOrderStatuses = ['Draft', 'Ordered', 'Partly Received', 'Received', 'Cancelled'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];

export interface PurchaseOrderRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  orderNo: string;
  supplierId: string;
  /** Kept on the order, so a list never joins and a deleted supplier's orders still read. */
  supplierName: string;
  status: PurchaseOrderStatus;
  note: string;
  /** Σ of its lines' (ordered − cancelled) × unit cost; absent on a device that reads no costs. */
  totalCents?: number;
  createdAt: string;
  createdById: string;
  createdBy: string;
  /** When it was sent to the supplier (Draft → Ordered), or null. */
  orderedAt: string | null;
}

export interface PurchaseOrderLineRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  orderId: string;
  position: number;
  itemId: string;
  itemName: string;
  barcode: string;
  supplierPartNo: string;
  quantityHundredths: number;
  /** Absent on a device that reads no costs (Staff). */
  unitCostCents?: number;
  /** What is no longer expected (a line cancelled, or the order). */
  cancelledHundredths: number;
  /** Σ of the receipts' lines for it: kept by each receipt, as an invoice's paid amount is by payments. */
  receivedHundredths: number;
}
