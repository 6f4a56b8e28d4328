import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { appliedMutations } from '../db/schema';

/**
 * How long the exactly-once log remembers a mutation: devices keep what they sent for 14 days
 * (client sentRetentionMs) and send it again only within that time (after a restore); one more
 * day covers a device's clock running behind the server's. Most mutations also carry ids of their
 * own (a sale, a payment, a stock movement), which refuse a second copy after that too.
 */
export const appliedMutationsKeptDays = 15;
const dayMs = 24 * 3600_000;

/**
 * Forgets the log's entries older than appliedMutationsKeptDays, in batches, each its own short
 * write (a large backlog never holds the database for long). Answers how many went. The oldest
 * entries come first in the table's own order, so each batch's search stops early without an index.
 */
export async function pruneAppliedMutations(db: Db, { now = new Date(), batch = 1000 }: { now?: Date; batch?: number } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - appliedMutationsKeptDays * dayMs).toISOString();
  let removed = 0;
  for (;;) {
    const ids = (await db.select({ id: appliedMutations.id }).from(appliedMutations).where(lt(appliedMutations.createdAt, cutoff)).limit(batch).all()).map((row) => row.id);
    if (ids.length === 0) return removed;
    removed += (await db.delete(appliedMutations).where(inArray(appliedMutations.id, ids)).run()).changes;
    if (ids.length < batch) return removed;
  }
}

/** Prunes at start and then every six hours, for as long as the server runs. */
export async function schedulePruning(db: Db): Promise<void> {
  const prune = async () => {
    try {
      const removed = await pruneAppliedMutations(db);
      if (removed > 0) console.log(`Forgot ${removed} mutations older than ${appliedMutationsKeptDays} days.`);
    } catch (error) {
      console.error('pruning the applied mutations failed', error);
    }
  };
  await prune();
  // `prune` catches its own failures: nothing is left to reject.
  setInterval(() => void prune(), 6 * 3600_000).unref();
}
