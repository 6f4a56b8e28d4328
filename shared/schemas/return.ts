import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';
import { isStrictDate } from './dates';
import { bounds, numberField } from './numbers';
import { roundQuantity } from '../domain/quantity';
import { customerCreditMethod } from '../domain/customer-credit';
import { paymentMethodField } from './payment-method-field';
import { creditNoteNoPattern } from '../domain/invoice-number';
import type { FactTimes } from '../domain/device-time';
import type { SaleReviewState } from '../domain/sale-review';

/** The Returns screen's words, ours where the spec has none (docs/decisions.md, Returns). */
export const returnMessages = {
  noLines: 'Choose at least one line to return.',
  quantity: 'Enter a valid quantity (> 0)',
  reason: 'Please select a reason for the return.',
  otherNote: 'Say in the note why it comes back.',
  disposition: 'Say what happens to each returned part.',
  supplierName: 'Name the supplier the part goes back to.',
  refundMethod: 'Please select how the money is given back.',
  creditNoteNo: 'The credit note number is missing or not this register’s.',
  duplicateLine: 'A sale line is returned once in a return.',
  otherInvoiceLine: 'A line of another invoice cannot be returned on this one.',
  notFound: 'Invoice not found.',
  overReturn: (name: string, left: string) => `Only ${left} of ${name} can still be returned.`,
  serverSeries: 'Credit note numbers CN-SRV-… are given by the server: leave the credit note number out.',
  refundBeyondWorth: (handed: string, worth: string, held: string) =>
    `${handed} handed back is more than the returned lines are worth (${worth}): ${held} is held, not paid out or kept as credit, until a Manager accepts it.`,
  rightsByDeviceTime: (rule: string, deviceDay: string, arrivalDay: string) =>
    `The register's clock said ${deviceDay}; it reached the server on ${arrivalDay}, when: ${rule} Recorded as the register made it.`,
  refundAbovePaid: (method: string, paid: string) => `At most ${paid} was paid on this invoice by ${method}: the refund cannot be more.`,
  guestRefund: 'A guest’s refund is given in cash or by card.',
  managersOnly: 'Only an Admin or Manager can return an invoice older than 30 days or scrap a part.',
  warrantyOver: (name: string) => `${name} has no warranty running: it cannot come back as faulty under warranty.`,
  refundDiffers: (handed: string, worked: string) =>
    `The register handed back ${handed} where the server's figures, with every payment and return it holds, give ${worked}: the customer may be owed the difference, or owe it.`,
  refundChanged: (refund: string) => `The sale changed meanwhile: the refund is now ${refund}. Check it and confirm again.`,
  recorded: (creditNoteNo: string) => `Return recorded: credit note ${creditNoteNo}.`,
} as const;

/** Why a part or service comes back (the list; 'Other' needs a note). */
export const returnReasons = ['Wrong part', 'Not needed', 'Faulty under warranty', 'Duplicate sale', 'Other'] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** What happens to a returned part. Only 'restock' adds stock; the others go out again (docs/decisions.md). */
export const returnDispositions = ['restock', 'scrap', 'supplier'] as const;
export type ReturnDisposition = (typeof returnDispositions)[number];
export const dispositionLabels: Record<ReturnDisposition, string> = { restock: 'Back to stock', scrap: 'Scrap (damaged)', supplier: 'To the supplier' };

/**
 * How the money goes back: any method an invoice can be paid by (the register's, the due list's and
 * a bulk payment's), never above what that method paid. A guest is refunded in cash or by card.
 */
export const refundMethods = ['Cash', 'Card', 'Bank Transfer', 'Cheque', 'Mobile', customerCreditMethod] as const;
export type RefundMethod = (typeof refundMethods)[number];
export const guestRefundMethods: readonly RefundMethod[] = ['Cash', 'Card'];

export const returnLineInputSchema = z.object({
  id: idSchema,
  /** The sale line it returns: a line of the return's invoice. */
  invoiceLineId: idSchema,
  /** The sale line's part, as the device read it (null for a service): it must be the line's own. */
  itemId: z
    .string()
    .trim()
    .max(64)
    .superRefine(cleanText('The line’s item'))
    .nullish()
    .transform((value) => value || null),
  quantity: numberField({ min: 0.01, max: bounds.quantity.max, message: returnMessages.quantity })
    .transform(roundQuantity)
    .refine((quantity) => quantity >= 0.01, returnMessages.quantity),
  /** For a part; a service's line ignores it. */
  disposition: z.enum(returnDispositions, { error: returnMessages.disposition }).optional().default('restock'),
  supplierName: optionalText(100, 'Supplier name'),
});

export const returnSaleSchema = z
  .object({
    id: idSchema,
    creditNoteNo: z.string({ error: returnMessages.creditNoteNo }).trim().regex(creditNoteNoPattern, returnMessages.creditNoteNo),
    invoiceId: idSchema,
    date: z
      .string()
      .trim()
      .refine(isStrictDate, 'The return date must be a date.')
      .transform((value) => new Date(value).toISOString()),
    reason: z.enum(returnReasons, { error: returnMessages.reason }),
    note: optionalText(300, 'Note', { multiline: true }),
    refundMethod: paymentMethodField(refundMethods, returnMessages.refundMethod),
    /** The refund's payment row (a negative payment on the invoice), written when money goes back. */
    refundPaymentId: idSchema,
    /**
     * What the register handed back (rupees), as it worked it out: the fact a device's return records.
     * Absent over REST, where the server works it out and nothing has been handed over yet.
     */
    refund: numberField({ ...bounds.money, message: 'The refund must be a number of 0 or more.' }).optional(),
    lines: z
      .array(returnLineInputSchema, { error: returnMessages.noLines })
      .min(1, returnMessages.noLines)
      .max(300, 'A return holds at most 300 lines.')
      .refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length, 'Two lines of the return have the same id.')
      .refine((lines) => new Set(lines.map((line) => line.invoiceLineId)).size === lines.length, returnMessages.duplicateLine),
  })
  .refine((args) => args.reason !== 'Other' || args.note.trim().length > 0, { message: returnMessages.otherNote, path: ['note'] })
  .refine((args) => args.lines.every((line) => line.disposition !== 'supplier' || line.supplierName.trim().length > 0), {
    message: returnMessages.supplierName,
    path: ['lines'],
  });
export type ReturnSaleInput = z.input<typeof returnSaleSchema>;

/** A credit note: one return of one invoice, final when made (numbered CN-<device code>-<sequence>). */
export interface CreditNoteRow extends FactTimes {
  id: string;
  creditNoteNo: string;
  invoiceId: string;
  invoiceNo: string;
  customerId: string | null;
  customerName: string;
  date: string;
  reason: ReturnReason;
  note: string;
  /** Σ of the returned lines' totals (after the sale's discounts). */
  subTotalCents: number;
  taxCents: number;
  /** What the return is worth: the sale's own prices, discounts and tax for what came back. */
  totalCents: number;
  /** The part of it that reduced what the customer still owed on the invoice. */
  reducedDueCents: number;
  /** The part of it handed back, by `refundMethod` (a negative payment `refundPaymentId`). */
  refundCents: number;
  refundMethod: RefundMethod;
  refundPaymentId: string | null;
  userId: string;
  userName: string;
  createdAt: string;
  /** '' or 'open' when it returned more than was left to return (two devices offline), for a Manager to look at. */
  reviewState: SaleReviewState;
  reviewReason: string;
  reviewedById: string | null;
  reviewedBy: string;
  reviewedAt: string | null;
  version: number;
  deleted: boolean;
  updatedAt: string;
}

export interface CreditNoteLineRow {
  id: string;
  creditNoteId: string;
  invoiceId: string;
  invoiceLineId: string;
  position: number;
  kind: 'item' | 'service';
  refId: string | null;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  discountPercent: number;
  totalCents: number;
  taxCents: number;
  /** null for a service. */
  disposition: ReturnDisposition | null;
  supplierName: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
}
