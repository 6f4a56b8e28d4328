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
export function correctionProblem(
  args: ExpenseArgs,
  role: Role | undefined,
  corrected: Pick<ExpenseRow, 'amountCents' | 'correctionOf'> | undefined,
  earlierCorrectionsCents: number,
): string | null {
  if (args.correctionOf === undefined) return null;
  if (!can(role, 'correctPayments')) return expenseMessages.correctionRole;
  if (!corrected || corrected.correctionOf) return expenseMessages.notAnExpense;
  if (corrected.amountCents + earlierCorrectionsCents + toCents(args.amount) < 0) return expenseMessages.correctionAmount;
  return null;
}

/**
 * The register whose drawer an expense counts in (issue 27, Cash-up): a drawer expense is the register
 * it was recorded at (its device code as the server gave it, never the one the arguments name, as a
 * payment's); a correction is its expense's, wherever the Manager records it.
 */
function drawerOf(args: ExpenseArgs, when: Occurred, corrected: Pick<ExpenseRow, 'paidFrom' | 'register'> | undefined): string {
  if (args.correctionOf !== undefined) return corrected?.paidFrom === 'Cash drawer' ? corrected.register : '';
  return args.paidFrom === 'Cash drawer' ? (when.register ?? '') : '';
}

/** The expense row, built once for the device's optimistic row and the server's; `corrected` is the expense a correction names. */
export function expenseRowOf(
  args: ExpenseArgs,
  author: { id: string; name: string },
  when: Occurred,
  corrected?: Pick<ExpenseRow, 'paidFrom' | 'register'>,
): Omit<ExpenseRow, 'version' | 'deleted' | 'updatedAt'> {
  return {
    id: args.id,
    date: args.date,
    category: args.category,
    amountCents: toCents(args.amount),
    paidFrom: args.paidFrom,
    note: args.note,
    correctionOf: args.correctionOf ?? null,
    register: drawerOf(args, when, corrected),
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    ...factTimesOf(when),
    reviewState: '',
    reviewReason: '',
    reviewedById: null,
    reviewedBy: '',
    reviewedAt: null,
  };
}
