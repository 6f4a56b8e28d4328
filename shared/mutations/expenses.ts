import type { z } from 'zod';
import { defineMutation } from './define';
import { expenseMessages, recordExpenseSchema, type ExpenseRow } from '../schemas/expense';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { toCents } from '../domain/money';
import { can, type Role } from '../domain/permissions';
import type { RecordRef } from '../sync/tables';

type ExpenseArgs = z.output<typeof recordExpenseSchema>;

/** An expense paid at the counter, or a Manager's correction of one (issue 27): a fact, append-only. */
export const recordExpense = defineMutation({
  name: 'recordExpense',
  fact: true,
  schema: recordExpenseSchema,
  permission: 'operate',
  touches: (args: ExpenseArgs): RecordRef[] => [{ table: 'expenses', id: args.id }, ...(args.correctionOf ? [{ table: 'expenses' as const, id: args.correctionOf }] : [])],
});

/**
 * Why a correction is refused, or null: only an Admin or Manager corrects, it names an expense on
 * record, and it takes back at most what that expense still stands at. Both sides ask it.
 */
export function correctionProblem(args: ExpenseArgs, role: Role | undefined, corrected: Pick<ExpenseRow, 'amountCents' | 'correctionOf'> | undefined, earlierCorrectionsCents: number): string | null {
  if (args.correctionOf === undefined) return null;
  if (!can(role, 'correctPayments')) return expenseMessages.correctionRole;
  if (!corrected || corrected.correctionOf) return expenseMessages.notAnExpense;
  if (corrected.amountCents + earlierCorrectionsCents + toCents(args.amount) < 0) return expenseMessages.correctionAmount;
  return null;
}

/** The expense row, built once for the device's optimistic row and the server's. */
export function expenseRowOf(args: ExpenseArgs, author: { id: string; name: string }, when: Occurred): Omit<ExpenseRow, 'version' | 'deleted' | 'updatedAt'> {
  return {
    id: args.id,
    date: args.date,
    category: args.category,
    amountCents: toCents(args.amount),
    paidFrom: args.paidFrom,
    note: args.note,
    correctionOf: args.correctionOf ?? null,
    register: args.paidFrom === 'Cash drawer' ? args.register : '',
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    ...factTimesOf(when),
  };
}
