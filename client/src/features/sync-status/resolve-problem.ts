import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import type { SyncProblem } from '@/db/db';
import type { MutationName } from '@shared/mutations/definitions';

/** Queues the refused change again, as the logged-in user (a new mutation: the old id stays refused on the server). */
export async function retryProblem(problem: SyncProblem): Promise<void> {
  await mutate(problem.mutation.name as MutationName, problem.mutation.args);
  await db.problems.delete(problem.key!);
}

export async function discardProblem(problem: SyncProblem): Promise<void> {
  await db.problems.delete(problem.key!);
}
