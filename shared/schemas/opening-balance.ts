import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';
import { isCalendarDay } from './dates';
import { bounds, numberField } from './numbers';
import { toCents } from '../domain/money';

/** The import's words for an opening balance (issue 43): its columns' labels, as on the export. */
export const openingBalanceMessages = {
  customer: 'Please select a customer.',
  invoiceNo: 'Invoice No is required.',
  invoiceNoLength: 'Invoice No must be at most 40 characters.',
  date: 'Date must be a date (dd/MM/yyyy).',
  dueDate: 'Due Date must be a date (dd/MM/yyyy).',
  dueBeforeDate: 'Due Date cannot be before the Date.',
  total: 'Total must be a number more than 0.',
  paid: 'Paid must be a number of 0 or more.',
  paidOverTotal: 'Paid cannot be more than the Total.',
  customerNotFound: 'Customer not found. It may have been deleted.',
  idUsed: 'This invoice id is already used by another invoice.',
  paymentIdUsed: 'This payment id is already used.',
} as const;

const day = (message: string) => z.string({ error: message }).trim().refine(isCalendarDay, message);

/**
 * An opening balance (issue 43): an unpaid invoice of the old books, kept under its original number
 * in the opening series (shared/domain/opening-balance.ts), with what was already paid on it.
 * `paymentId` names the payment row of `paid`, written only when something was paid.
 */
export const recordOpeningBalanceSchema = z
  .object({
    id: idSchema,
    customerId: z.string({ error: openingBalanceMessages.customer }).trim().min(1, openingBalanceMessages.customer).max(64).superRefine(cleanText('The customer')),
    invoiceNo: z
      .string({ error: openingBalanceMessages.invoiceNo })
      .trim()
      .min(1, openingBalanceMessages.invoiceNo)
      .max(40, openingBalanceMessages.invoiceNoLength)
      .superRefine(cleanText('Invoice No')),
    date: day(openingBalanceMessages.date),
    dueDate: day(openingBalanceMessages.dueDate),
    total: numberField({ min: 0.01, max: bounds.money.max, message: openingBalanceMessages.total }).refine((total) => toCents(total) > 0, openingBalanceMessages.total),
    paid: numberField({ ...bounds.money, message: openingBalanceMessages.paid }),
    paymentId: idSchema,
    note: optionalText(300, 'Note', { multiline: true }),
  })
  // Days as YYYY-MM-DD compare as text.
  .refine((args) => args.dueDate >= args.date, { message: openingBalanceMessages.dueBeforeDate, path: ['dueDate'] })
  .refine((args) => toCents(args.paid) <= toCents(args.total), { message: openingBalanceMessages.paidOverTotal, path: ['paid'] });
export type RecordOpeningBalanceInput = z.input<typeof recordOpeningBalanceSchema>;
