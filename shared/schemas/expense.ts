import { z } from 'zod';
import { idSchema, optionalText } from './common';
import { cleanText } from './text';
import { isStrictDate } from './dates';
import { bounds, numberField } from './numbers';
import type { FactTimes } from '../domain/device-time';
import type { SaleReviewState } from '../domain/sale-review';

/** The Expenses screen's words (issue 27; the spec has none). */
export const expenseMessages = {
  dateOutsideWindow: (stated: string, counted: string) =>
    `Dated ${stated} by the register, far from the server's time: counted on ${counted}, the day it was recorded, as its drawer counts it.`,
  date: 'Please select the date of the expense.',
  category: 'Please select a category.',
  amount: 'Please enter a valid amount greater than 0.',
  paidFrom: 'Please select what it was paid from.',
  correctionOf: 'Say which expense this corrects.',
  correctionReason: 'A correction needs a reason in the note.',
  correctionRole: 'Only an Admin or Manager can record a correction.',
  correctionAmount: 'A correction takes back at most what the expense was, less earlier corrections.',
  notAnExpense: 'The expense this corrects is not on record.',
  recorded: 'Expense recorded.',
} as const;

// The categories: the shop's own list on the company record (./expense-categories.ts). An expense keeps
// its category's text, so one recorded under a category the shop later drops still reads as it was.

/** Where the money came from: this register's cash drawer (counted at its cash-up), the bank, or a card. */
export const expensePaidFrom = ['Cash drawer', 'Bank', 'Card'] as const;
export type ExpensePaidFrom = (typeof expensePaidFrom)[number];

const expenseDate = z
  .string({ error: expenseMessages.date })
  .trim()
  .min(1, expenseMessages.date)
  .refine(isStrictDate, expenseMessages.date)
  .transform((value) => (value.length === 10 ? value : new Date(value).toISOString().slice(0, 10)));

/**
 * An expense, append-only: never edited or deleted. A correction is an expense of its own that
 * names the one it corrects, with a negative amount and its reason (an Admin or Manager), as
 * payments are corrected.
 */
export const recordExpenseSchema = z
  .object({
    id: idSchema,
    date: expenseDate,
    category: z
      .string({ error: expenseMessages.category })
      .trim()
      .min(1, expenseMessages.category)
      .max(40, 'A category has at most 40 characters.')
      .superRefine(cleanText('The category')),
    amount: numberField({ min: -bounds.money.max, max: bounds.money.max, message: expenseMessages.amount }),
    paidFrom: z.enum(expensePaidFrom, { error: expenseMessages.paidFrom }),
    note: optionalText(300, 'Note', { multiline: true }),
    /** The expense this one corrects (negative amount), or absent. */
    correctionOf: idSchema.optional(),
    /** The register the device says paid it. Not recorded: the server records the code it gave the pushing device, a correction its expense's (shared/mutations/expenses.ts). */
    register: z
      .string()
      .trim()
      .max(12)
      .regex(/^[A-Z0-9]*$/, 'The register code is letters and digits.')
      .optional()
      .default(''),
  })
  .superRefine((args, context) => {
    const cents = Math.round(args.amount * 100);
    if (args.correctionOf === undefined ? cents <= 0 : cents >= 0) context.addIssue({ code: 'custom', message: expenseMessages.amount, path: ['amount'] });
    if (args.correctionOf !== undefined && !args.note.trim()) context.addIssue({ code: 'custom', message: expenseMessages.correctionReason, path: ['note'] });
  });
export type RecordExpenseInput = z.input<typeof recordExpenseSchema>;

export interface ExpenseRow extends FactTimes {
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  date: string;
  category: string;
  /** Signed: a correction is negative. */
  amountCents: number;
  paidFrom: ExpensePaidFrom;
  note: string;
  correctionOf: string | null;
  register: string;
  userId: string;
  userName: string;
  createdAt: string;
  /** 'open' when a register recorded it dated outside the date window (issue 42, point 7): Sales to Review lists it. */
  reviewState: SaleReviewState;
  reviewReason: string;
  reviewedById: string | null;
  reviewedBy: string;
  reviewedAt: string | null;
}
