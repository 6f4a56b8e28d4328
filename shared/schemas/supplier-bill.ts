import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { isCalendarDay } from './dates';
import { bounds, numberField } from './numbers';
import { purchaseQuantity, unitCostField } from './purchase-order';
import type { FactTimes } from '../domain/device-time';

/** Supplier bills and payments' words (issue 44, point 6; the spec has none). */
export const billMessages = {
  supplier: 'Please choose a supplier.',
  supplierGone: 'Supplier not found. It may have been deleted.',
  billNo: "Please enter the supplier's bill number.",
  billNoTaken: (billNo: string) => `This supplier's bill ${billNo} is already entered.`,
  billDate: 'Please enter the date on the bill.',
  dueDate: 'The due date must be a date on or after the bill date.',
  noLines: 'Choose at least one received part to bill.',
  tooManyLines: 'A bill holds at most 500 lines: enter it in parts.',
  duplicateLine: 'A received part is billed once on a bill: change its quantity instead.',
  receiptLineGone: 'A part on this bill was not received from this supplier.',
  moreThanReceived: (name: string, left: string) => `More ${name} is billed than was received and not yet billed (${left}).`,
  entered: (billNo: string) => `Bill ${billNo} entered.`,
  notFound: 'Bill not found.',
  amount: 'Please enter a valid amount greater than 0.',
  method: 'Please choose how it was paid.',
  openDrawer: 'Open the cash drawer to pay from it, or pay by bank transfer or cheque.',
  billOfOtherSupplier: 'That bill is not this supplier’s.',
  paid: (amount: string, supplier: string) => `${amount} paid to ${supplier}.`,
} as const;

/** How the shop pays a supplier: cash from this register's drawer (a pay-out in its session), or the bank. */
export const supplierPaymentMethods = ['Cash', 'Bank Transfer', 'Cheque'] as const;
export type SupplierPaymentMethod = (typeof supplierPaymentMethods)[number];

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);

export const billLineSchema = z.object({
  id: idSchema,
  /** The delivery line billed (goodsReceiptLines), which names the item and what came. */
  receiptLineId: idSchema,
  quantity: purchaseQuantity,
  /** What the supplier charges a unit, as the bill states it. */
  unitCost: unitCostField,
});

/**
 * A supplier's bill, entered against one or more of its deliveries, matched line by line (issue 44,
 * point 6). A Manager's record, not a fact: a bill for more than was received (and not billed yet) is
 * refused, on the device and again on the server.
 */
export const enterSupplierBillSchema = z
  .object({
    id: idSchema,
    supplierId: z.string({ error: billMessages.supplier }).trim().min(1, billMessages.supplier).max(64),
    billNo: z.string({ error: billMessages.billNo }).trim().min(1, billMessages.billNo).max(40, 'The bill number has at most 40 characters.'),
    billDate: day(billMessages.billDate),
    dueDate: day(billMessages.dueDate),
    note: optionalText(300, 'Note', { multiline: true }),
    lines: z
      .array(billLineSchema, { error: billMessages.noLines })
      .min(1, billMessages.noLines)
      .max(500, billMessages.tooManyLines)
      .superRefine((lines, ctx) => {
        const seen = new Set<string>();
        for (const line of lines) {
          if (seen.has(line.receiptLineId)) ctx.addIssue({ code: 'custom', message: billMessages.duplicateLine });
          seen.add(line.receiptLineId);
        }
      }),
  })
  .refine((bill) => bill.dueDate >= bill.billDate, { message: billMessages.dueDate, path: ['dueDate'] });

/**
 * Money paid to a supplier (issue 44, point 6): a fact, like a customer's payment. Cash comes out of
 * this register's open drawer (`sessionId`) and is a pay-out in that session; a bank transfer or a
 * cheque touches no drawer. A payment naming a bill settles that bill first; one naming none (a bulk
 * payment) settles the supplier's oldest bills first (shared/domain/payables.ts).
 */
export const paySupplierSchema = z
  .object({
    id: idSchema,
    supplierId: z.string({ error: billMessages.supplier }).trim().min(1, billMessages.supplier).max(64),
    billId: idSchema.optional(),
    amount: numberField({ min: 0.01, max: bounds.money.max, message: billMessages.amount }),
    method: z.enum(supplierPaymentMethods, { error: billMessages.method }),
    /** The drawer session cash came out of; only for cash. */
    sessionId: idSchema.optional(),
    reference: optionalText(60, 'Reference'),
    note: optionalText(300, 'Note', { multiline: true }),
  })
  .refine((payment) => payment.method !== 'Cash' || payment.sessionId !== undefined, { message: billMessages.openDrawer, path: ['method'] });

export interface SupplierBillRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  supplierId: string;
  /** Kept on the bill, so a list never joins and a deleted supplier's bills still read. */
  supplierName: string;
  billNo: string;
  billDate: string;
  dueDate: string;
  note: string;
  /** Σ of its lines as billed. */
  totalCents: number;
  /** Σ of the same lines at the cost they were received at. */
  receivedCents: number;
  /** Some line differs from its delivery by more than a rupee. */
  differs: boolean;
  userId: string;
  userName: string;
  createdAt: string;
}

export interface SupplierBillLineRow {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  billId: string;
  supplierId: string;
  receiptId: string;
  receiptLineId: string;
  position: number;
  itemId: string;
  itemName: string;
  quantityHundredths: number;
  unitCostCents: number;
  /** quantity × unit cost, to the cent. */
  amountCents: number;
  /** The same quantity at the delivery line's cost. */
  receivedCents: number;
  differs: boolean;
}

export interface SupplierPaymentRow extends FactTimes {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  supplierId: string;
  supplierName: string;
  /** The bill it was paid against, or null (settles the oldest bills first). */
  billId: string | null;
  amountCents: number;
  method: SupplierPaymentMethod;
  reference: string;
  note: string;
  /** The drawer session a cash payment came out of (its pay-out is `<id>/drawer`), or null. */
  sessionId: string | null;
  register: string;
  userId: string;
  userName: string;
  createdAt: string;
}
