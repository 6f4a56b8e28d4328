import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { correctionProblem, expenseRowOf } from '@shared/mutations/expenses';
import type { ExpenseRow } from '@shared/schemas/expense';

/** The device's half of server/src/mutations/expenses/record-expense.ts: the same row, offline too. */
export async function recordExpense(tx: LocalTx, args: MutationArgs<'recordExpense'>): Promise<void> {
  let corrected: ExpenseRow | undefined;
  if (args.correctionOf !== undefined) {
    corrected = (await tx.get('expenses', args.correctionOf)) as unknown as ExpenseRow | undefined;
    const earlier = (await tx.db.expenses.toArray()).filter((row) => row.correctionOf === args.correctionOf && !row.deleted);
    const problem = correctionProblem(
      args,
      tx.author.role,
      corrected && !corrected.deleted ? corrected : undefined,
      earlier.reduce((sum, row) => sum + row.amountCents, 0),
    );
    if (problem) throw new ValidationError(problem, 'amount');
  }
  await tx.put('expenses', expenseRowOf(args, tx.author, tx.occurred, corrected));
}
