// Issue 42, 'Money no one can forge', the proof: the randomised sync run with a hostile Staff device.
// Two honest registers (the counter PC and the workshop tablet, used by a Staff member and a Manager
// in turns, now and then offline, on a network that loses answers, fails and sends pushes twice)
// sell, take payments, take sales back, run their cash drawers and record expenses. A third register's
// Staff member does what a Staff account can do by editing its own outbox or requests
// (tests/sync/hostile/): refunds stated far beyond the lines' worth, by cash and as customer credit,
// and that credit spent; credit made by a correction; the clock set back for returns beyond their rights, drawer openings,
// pay-outs, closes and expenses; replays; numbers of the server's own series; a huge pay-out and a
// count closed with no reason; its exported outbox edited before an Admin sends it. At the end,
// everyone synced clean, the invariants are checked against the server's SQLite and the devices:
//   1. money handed over = money recorded (the test's own cash ledger, cash-ledger.ts);
//   2. no customer's spendable credit exceeds what was paid in for them;
//   3. every anomaly the hostile register caused waits in Sales to Review, on the server and on the
//      devices (what Sales to Review reads);
//   4. no push took longer than 2 s;
//   5. every device equals the server, and nothing was applied twice or in another's name.
// The drawer rules of issue 42's points 8 and 2 are checked by the second test: see its comment.
//   SYNC_SEED=<int> replays one run.   HOSTILE_OPS=<int> sets its length (gate 500, soak 5,000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { seedsToRun, sizeToRun } from '../support/soak';
import { attacks, closeTheDay, openShop, runSteps } from './hostile/run';
import { anomaliesNotUnderReview, drawerForgeriesNotRaised, openOnDevice, openOnServer, otherReviews, type Outcome } from './hostile/anomalies';
import type { Shop } from './hostile/shop';
import { syncedTables } from '@shared/sync/tables';
import { clockToleranceMs } from '@shared/domain/device-time';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { customerCreditOf, creditUnderReviewOf } from '@server/sales/customer-credit';

// The gate's seed meets, among the rest, an honest return of the second third of a discounted line.
const seeds = seedsToRun('SYNC_SEED', [15], [15, 42_042, 90_210]);
const operationCount = sizeToRun('HOSTILE_OPS', 500, 5_000);

for (const seed of seeds)
  describe(`a hostile Staff register among honest ones (seed ${seed}, ${operationCount} steps)`, () => {
    let shop: Shop;
    let seconds = 0;
    /** What the server answered each mutation: its log, else the forger's last answer (a 425 or 5xx is not logged). */
    let outcomeOf: (mutationId: string) => Outcome;

    beforeAll(async () => {
      console.log(`[hostile] seed=${seed} steps=${operationCount} (replay with SYNC_SEED=${seed} HOSTILE_OPS=${operationCount})`);
      const started = performance.now();
      shop = await openShop(seed);
      await runSteps(shop, operationCount);
      await closeTheDay(shop);
      seconds = (performance.now() - started) / 1000;
      const log = new Map(
        ((await shop.server.db.$client.prepare('SELECT id, status, httpStatus, message FROM applied_mutations').all()) as (Outcome & { id: string })[]).map((row) => [
          row!.id,
          row,
        ]),
      );
      outcomeOf = (id) => {
        if (log.has(id)) return log.get(id);
        const answer = shop.forger.answers.get(id);
        return answer && { status: answer.status, httpStatus: answer.status === 'applied' ? 200 : answer.httpStatus, message: answer.status === 'applied' ? null : answer.message };
      };
    }, 900_000);

    afterAll(async () => {
      for (const d of [shop?.counter, shop?.tablet, shop?.hostile]) d?.close();
      await shop?.server.stop();
    });

    it('keeps the books: money recorded as handed over, no credit beyond what was paid in, every forgery reviewed, pushes under 2 s, devices equal', async () => {
      const db = shop.server.db;
      const applied = (id: string) => outcomeOf(id)?.status === 'applied';

      // What the run asked and was answered otherwise: REST calls in the server's series not refused, an
      // edited file not refused whole, a replay answered unlike the first time.
      expect.soft(shop.unexpected, 'answers the run did not expect').toEqual([]);

      // 1. Money handed over = money recorded.
      expect.soft(await shop.ledger.check(db, applied), 'the cash ledger against the server').toEqual([]);

      // 2. No customer's spendable credit (the balance less what only a return under review gave)
      // beyond what was paid in for them in money.
      const customers = (await db.$client.prepare('SELECT id FROM customers WHERE deleted = 0').all()) as { id: string }[];
      const paidIn = db.$client.prepare(
        `SELECT COALESCE(SUM(p.amountCents), 0) AS cents FROM payments p JOIN invoices i ON i.id = p.invoiceId
         WHERE i.customerId = ? AND p.deleted = 0 AND p.amountCents > 0 AND p.method NOT IN (?, 'Credit')`,
      );
      const beyond = [];
      for (const { id } of customers) {
        const spendable = (await customerCreditOf(db, id)) - (await creditUnderReviewOf(db, id));
        const paid = (paidIn.get(id, customerCreditMethod) as { cents: number }).cents;
        if (spendable > paid) beyond.push({ customer: id, spendable, paid, hostile: shop.hostileCustomers.includes(id) });
      }
      expect.soft(beyond, 'customers with more credit to spend than they paid in').toEqual([]);

      // 3. Every anomaly of the hostile register in Sales to Review, and the devices' Sales to Review the server's.
      const anomalies = shop.anomalies.filter((anomaly) => !anomaly.drawerRule);
      expect.soft(await anomaliesNotUnderReview(db, anomalies, outcomeOf), 'forgeries not under review').toEqual([]);
      const open = await openOnServer(db);
      for (const d of [shop.counter, shop.tablet, shop.hostile]) expect.soft(await openOnDevice(d), `${d.name}'s Sales to Review`).toEqual(open);

      // 4. No push took longer than 2 s: of the server's work (this process's CPU time; on a shared
      // machine a push's wall time also holds its waits for a core, shown beside it).
      const pushes = [shop.counter, shop.tablet, shop.hostile].flatMap((d) => d.net.pushTimes.map((time) => ({ ...time, by: d.name })));
      pushes.push(...shop.forger.pushTimes.map((time) => ({ ...time, by: 'forged' })));
      const slowest = (key: 'wallMs' | 'cpuMs') => pushes.reduce((a, b) => (b[key] > a[key] ? b : a), { wallMs: 0, cpuMs: 0, by: 'none' });
      const [byCpu, byWall] = [slowest('cpuMs'), slowest('wallMs')];
      console.log(`[hostile] pushes=${pushes.length} slowest=${byCpu.cpuMs.toFixed(0)} ms of CPU (${byCpu.by}), ${byWall.wallMs.toFixed(0)} ms on the clock (${byWall.by})`);
      expect.soft(byCpu.cpuMs, `the push that cost the most (${byCpu.by})`).toBeLessThan(2000);

      // 5. Every device equals the server; each mutation applied once, in its author's name; stock is its movements.
      const mirror = await shop.server.mirror();
      for (const d of [shop.counter, shop.tablet, shop.hostile]) {
        const held = await d.mirror();
        for (const table of syncedTables) expect.soft(held[table], `${d.name} ${table} equal the server's`).toEqual(mirror[table]);
      }
      const authorOf = new Map<string, string>();
      for (const { entry } of shop.queued.values()) authorOf.set(entry.id, String(entry.authorId));
      for (const id of shop.forger.pushed.keys()) authorOf.set(id, shop.users.hostile.author.id);
      const log = (await db.$client.prepare(`SELECT id, name, userId FROM applied_mutations WHERE name NOT IN ('saveUser', 'updateUser')`).all()) as {
        id: string;
        name: string;
        userId: string;
      }[];
      expect
        .soft(
          log.filter((row) => authorOf.get(row.id) !== row.userId),
          'applied mutations no register made, or in another name',
        )
        .toEqual([]);
      const stock = (await db.$client
        .prepare('SELECT i.id, i.stockHundredths AS stock, COALESCE((SELECT SUM(quantityHundredths) FROM stock_movements m WHERE m.itemId = i.id), 0) AS moved FROM items i')
        .all()) as { id: string; stock: number; moved: number }[];
      expect
        .soft(
          stock.filter((row) => row.stock !== row.moved),
          'items whose stock is not their movements',
        )
        .toEqual([]);
      // The server's own series moved only by the server's numbering: no push or REST call took it to its end.
      const series = (await db.$client.prepare(`SELECT name, value FROM counters WHERE name LIKE '%SRV%'`).all()) as { name: string; value: number }[];
      expect
        .soft(
          series.filter((row) => row.value > 10_000),
          "the server's series moved from outside",
        )
        .toEqual([]);

      // Every attack happened, each kind of anomaly was raised.
      for (const [name] of attacks) expect(shop.counts[`attack: ${name}`] ?? 0, `attack '${name}' made`).toBeGreaterThan(0);
      expect(shop.counts.editedImportRefused ?? 0, 'edited files refused').toBeGreaterThan(0);
      // What else waits for review: the honest registers' own conflicts (a line returned on two
      // registers, or after the hostile one returned it; a session opened before its predecessor's close).
      console.log(`[hostile] also under review: ${JSON.stringify(await otherReviews(db, shop.anomalies))}`);
      const raised: Record<string, number> = {};
      for (const anomaly of shop.anomalies) raised[anomaly.table] = (raised[anomaly.table] ?? 0) + 1;
      console.log(
        `[hostile] seed=${seed} ${seconds.toFixed(1)} s; anomalies by table ${JSON.stringify(raised)}; open on the server ${JSON.stringify(Object.fromEntries(Object.entries(open).map(([table, ids]) => [table, ids.length])))}`,
      );
      console.log(`[hostile] counts ${JSON.stringify(shop.counts)}`);
    });

    // The drawer rules of issue 42, points 8 and 2 (written on the drawer branch, merged as 52a7b36):
    // a pay-out beyond the cash the server's records say the drawer held, a count that differs with no
    // reason, and a close dated before its session's records are raised for review; a register's clock
    // set back is not believed before the server first met the register (shared/domain/device-time.ts).
    // Apart from the first test so that a failure names these rules; before that merge it failed.
    it('raises what the drawer rules find: a huge pay-out, a count with no reason, a backdated close; bounds backdated drawer times', async () => {
      const db = shop.server.db;
      const anomalies = shop.anomalies.filter((anomaly) => anomaly.drawerRule);
      expect(anomalies.length, 'drawer forgeries made').toBeGreaterThan(0);
      expect.soft(await drawerForgeriesNotRaised(db, anomalies, outcomeOf), 'drawer forgeries not raised by a rule of their own').toEqual([]);
      const firstMet = ((await db.$client.prepare('SELECT createdAt FROM devices WHERE clientId = ?').get(shop.forger.clientId)) as { createdAt: string }).createdAt;
      const earliest = new Date(Date.parse(firstMet) - clockToleranceMs).toISOString();
      const sqlName = { drawerSessions: 'drawer_sessions', drawerMoves: 'drawer_moves', expenses: 'expenses' } as const;
      const before = shop.backdated.flatMap(({ table, id, column, what }) => {
        const row = db.$client.prepare(`SELECT ${column} AS at, createdAt FROM ${sqlName[table]} WHERE id = ?`).get(id) as { at: string | null; createdAt: string } | undefined;
        if (!row?.at) return [];
        if (row.at < earliest) return [`${what}: recorded at ${row.at}, before the server met the register (${firstMet})`];
        return row.at < row.createdAt ? [`${what}: closed at ${row.at}, before its session opened (${row.createdAt})`] : [];
      });
      expect.soft(before, 'backdated drawer times believed').toEqual([]);
    });
  });
