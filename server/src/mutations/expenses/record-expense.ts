import { and, eq, sum } from 'drizzle-orm';
import { badRequest, conflict, forbidden } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { correctionProblem, expenseRowOf } from '@shared/mutations/expenses';
import { expenseMessages, type ExpenseRow } from '@shared/schemas/expense';
import { dateWindowMessages, isWithinDateWindow } from '@shared/domain/date-window';
import { localDay } from '@shared/domain/dashboard';
import { expenses } from '@server/db/schema';
import { checkDateWindow } from '../date-window-rule';

/**
 * An expense, append-only (issue 27). A correction names the expense it corrects and takes back at
 * most what that still stands at, by an Admin or Manager; a pushed expense dated outside the window
 * is recorded with its date (it was paid), over REST it is refused.
 */
export async function recordExpense(tx: MutationTx, args: MutationArgs<'recordExpense'>) {
  checkDateWindow(tx, args.date, dateWindowMessages.expense);
  if (await tx.find('expenses', args.id)) throw conflict('This expense was already recorded.');
  let corrected: ExpenseRow | undefined;
  if (args.correctionOf !== undefined) {
    corrected = (await tx.findLive('expenses', args.correctionOf)) as unknown as ExpenseRow | undefined;
    const earlier = await tx.db
      .select({ cents: sum(expenses.amountCents) })
      .from(expenses)
      .where(and(eq(expenses.correctionOf, args.correctionOf), eq(expenses.deleted, false)))
      .get();
    const problem = correctionProblem(args, tx.user.role, corrected, Number(earlier?.cents ?? 0));
    if (problem) throw problem === expenseMessages.correctionRole ? forbidden(problem) : badRequest(problem);
  }
  await tx.insert('expenses', { ...expenseRowOf(args, tx.user, tx.occurred, corrected), ...outsideWindow(tx, args.date) });
  return (await tx.find('expenses', args.id))!;
}

/**
 * A register's expense dated outside the window (issue 42, point 7: 1970 from a clock gone wrong, or a
 * date typed to hide drawer cash): the money left, so it is recorded, but counted on the day it
 * happened as the server vouches for it, the day its drawer counts it, so no report misses it, and
 * raised for review with the date it carried. (Over REST it is refused: checkDateWindow.)
 */
function outsideWindow(tx: MutationTx, date: string): Partial<ExpenseRow> {
  if (!tx.fromDevice || isWithinDateWindow(date, tx.now)) return {};
  const counted = localDay(new Date(tx.happenedAt));
  return { date: counted, reviewState: 'open', reviewReason: expenseMessages.dateOutsideWindow(date, counted) };
}
