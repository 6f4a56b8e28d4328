import { db } from '../../db/instance';
import { runLocalMutation } from '../../sync/local-mutation';
import type { SyncProblem } from '../../db/db';

/** Queues the refused change again (as a new mutation: the old id stays refused on the server). */
export async function retryProblem(problem: SyncProblem): Promise<void> {
  await runLocalMutation(db, problem.mutation.name, problem.mutation.args);
  await db.problems.delete(problem.key!);
}

export async function discardProblem(problem: SyncProblem): Promise<void> {
  await db.problems.delete(problem.key!);
}
