/**
 * Issue 46, "Speed": on PostgreSQL a push applied together holds its writes and sends them later,
 * together (db/postgres.ts, sendLater). What a transaction must never do with them: send them in the
 * connection's next transaction after its own was rolled back, commit while one is still held, or
 * commit when one failed (PostgreSQL answers the COMMIT of a spoiled transaction with ROLLBACK, not an
 * error). PostgreSQL only: on SQLite every statement runs as it is made.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { counters } from '../src/db/schema';
import { inTransaction } from '../src/db/prepared';
import { sendHeldWrites, sendLater } from '../src/db/postgres';
import type { Db } from '../src/db/connection';
import { makeTestServer, type TestServer } from './helpers';
import { testEngine } from '../../tests/support/test-database';

describe.runIf(testEngine() === 'postgres')('statements held on a transaction (PostgreSQL)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await makeTestServer();
  });
  afterEach(() => server.close());

  /** A write of a counter row, held: its answer goes to `answers`. */
  const holdInsert = (tx: Db, name: string, answers: Promise<unknown>[]) =>
    sendLater(
      tx,
      (answer) => answers.push(answer.catch((error: unknown) => error)),
      () => tx.insert(counters).values({ name, value: 1 }).run(),
    );
  const namesLike = async (pattern: string) => (await server.db.select({ name: counters.name }).from(counters).where(like(counters.name, pattern)).all()).map((row) => row.name);

  it("drops a rolled-back transaction's held writes: none reaches the connection's next transactions", async () => {
    const answers: Promise<unknown>[] = [];
    await expect(
      inTransaction(server.db, async (tx) => {
        await holdInsert(tx, 'held-undone', answers);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    // The pool hands its connections out again: each of the next transactions sends and commits one row.
    for (let n = 0; n < 12; n++)
      await inTransaction(
        server.db,
        async (tx) =>
          void (await tx
            .insert(counters)
            .values({ name: `held-next-${n}`, value: 1 })
            .run()),
      );
    expect(await namesLike('held-%')).toEqual(expect.not.arrayContaining(['held-undone']));
    expect(await namesLike('held-next-%')).toHaveLength(12);
  });

  it('refuses to commit while a write is still held, and keeps nothing of the transaction', async () => {
    const answers: Promise<unknown>[] = [];
    await expect(
      inTransaction(server.db, async (tx) => {
        await tx.insert(counters).values({ name: 'held-before', value: 1 }).run();
        await holdInsert(tx, 'held-unsent', answers);
      }),
    ).rejects.toThrow('held unsent at its commit');
    expect(await namesLike('held-%')).toEqual([]);
  });

  it('does not report a transaction a failed held write spoiled as committed', async () => {
    await server.db.insert(counters).values({ name: 'held-taken', value: 1 }).run();
    await expect(
      inTransaction(server.db, async (tx) => {
        const answers: Promise<unknown>[] = [];
        await tx.insert(counters).values({ name: 'held-first', value: 1 }).run();
        await holdInsert(tx, 'held-taken', answers); // its key is taken: the transaction is spoiled
        sendHeldWrites(tx);
        // The caller looks at the answers but swallows the failure: only the commit's own answer tells.
        await Promise.all(answers);
      }),
    ).rejects.toThrow('not committed (ROLLBACK)');
    expect(await namesLike('held-first')).toEqual([]);
    expect((await server.db.select().from(counters).where(eq(counters.name, 'held-taken')).all()).map((row) => Number(row.value))).toEqual([1]);
  });
});
