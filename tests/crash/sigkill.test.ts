// Issue 6, "Proof": a real server PROCESS is killed with SIGKILL at random moments while it applies
// a push of ~100 multi-row mutations, and restarted on the same SQLite file, again and again. After
// every kill, before anything is sent again, the file on disk must hold every mutation entirely or
// not at all; the device then re-sends what it got no answer for (same ids), and in the end every
// mutation is applied exactly once, as the server's own log (applied_mutations, version_log, the
// movements' mutationId) says, not as a primary key happens to enforce.
//
// `npm test` runs it short (one fixed seed, at least 6 kills inside a batch's transaction
// and 2 to 4 at its commit, besides 3 idle ones); `npm run test:soak` runs it at full length (20 and more kills) on three seeds.
// Replay a run with SIGKILL_SEED=<seed>. The kill times come from the seed, but where they land in
// the server's work depends on timing, so two runs of one seed are alike, not identical.
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Random, sleep } from '../sync/harness';
import { freePort, sigkill, startServer, type RunningServer } from '../../scripts/bench/server-process';
import { openingMovementId } from '@shared/mutations/items';
import type { MutationEnvelope, MutationOutcome, PushResponse } from '@shared/sync/messages';
import { soak, seedsToRun } from '../support/soak';

const projectDir = fileURLToPath(new URL('../..', import.meta.url));
/** The server from source (tsx), so the test needs no build. */
const serverCommand = { command: process.execPath, args: ['--import', 'tsx', 'server/src/main.ts'] };

const seeds = seedsToRun('SIGKILL_SEED', [20_260_606], [20_260_606, 31_337, 4_242]);
const batchSize = 100;
/** Kills that must land while a push is in flight (no answer received). */
const minInFlightKills = soak ? 20 : 6;
const minKills = soak ? 20 : 6;
/** Rounds (restart, push, measure, kill) that only measure how long a batch takes. */
const calibrationRounds = 3;
const maxKillRounds = soak ? 80 : 40;
/** Of the kill rounds, the share that kill right at the batch's commit, and how many of those. */
const commitKillShare = 0.25;
const minCommitKills = soak ? 4 : 2;
const maxCommitKills = soak ? 16 : 4;

// ---------------------------------------------------------------------------------------------
// What the device sent, and so what the server must hold for each mutation
// ---------------------------------------------------------------------------------------------

interface SentCreateItem {
  kind: 'createItem';
  id: string;
  itemId: string;
  /** Opening stock in hundredths (0: no opening movement). */
  opening: number;
}
interface SentAdjustStock {
  kind: 'adjustStock';
  id: string;
  itemId: string;
  movementId: string;
  hundredths: number;
}
interface SentOther {
  kind: 'other';
  id: string;
}
type Sent = SentCreateItem | SentAdjustStock | SentOther;

interface Batch {
  index: number;
  envelopes: MutationEnvelope[];
  /** The server's answer, once received. */
  answered: boolean;
}

class DeviceModel {
  readonly clientId: string;
  readonly sent = new Map<string, Sent>();
  /** Item id → the mutation ids that touch it (its createItem first). */
  readonly itemMutations = new Map<string, string[]>();
  readonly itemIds: string[] = [];
  readonly batches: Batch[] = [];
  /** Mutation ids whose 'applied' answer the device received. */
  readonly answeredApplied = new Set<string>();
  private seq = 0;
  private barcodes = 0;

  constructor(
    private readonly seed: number,
    private readonly random: Random,
    private readonly authorId: string,
  ) {
    this.clientId = `sigkill-device-${seed}`;
  }

  envelope(name: string, args: Record<string, unknown>): MutationEnvelope {
    return { id: randomUUID(), clientId: this.clientId, seq: ++this.seq, name, args, createdAt: new Date().toISOString(), authorId: this.authorId };
  }

  createCategory(): MutationEnvelope {
    const envelope = this.envelope('createCategory', { id: randomUUID(), name: `Crash parts ${this.seed}`, description: '' });
    this.sent.set(envelope.id, { kind: 'other', id: envelope.id });
    return envelope;
  }

  /** ~100 mutations: new items (random opening stock) and signed adjustments of known items. */
  nextBatch(categoryId: string): Batch {
    const r = this.random;
    const envelopes: MutationEnvelope[] = [];
    for (let i = 0; i < batchSize; i++) {
      const createShare = this.itemIds.length < 30 ? 0.6 : 0.25;
      if (this.itemIds.length === 0 || r.chance(createShare)) {
        const itemId = randomUUID();
        const opening = r.chance(0.25) ? 0 : r.int(1, 1_000_000);
        this.barcodes += 1;
        const envelope = this.envelope('createItem', {
          id: itemId,
          itemName: `Part ${this.barcodes}`,
          barcode: `SK${this.seed}-${this.barcodes}`,
          category: categoryId,
          unitPrice: r.int(0, 5_000_000) / 100,
          costPrice: r.int(0, 5_000_000) / 100,
          stockQuantity: opening / 100,
          reorderLevel: r.int(0, 50),
          description: r.chance(0.5) ? `Bin ${r.int(1, 400)}` : '',
        });
        this.sent.set(envelope.id, { kind: 'createItem', id: envelope.id, itemId, opening });
        this.itemIds.push(itemId);
        this.itemMutations.set(itemId, [envelope.id]);
        envelopes.push(envelope);
      } else {
        const itemId = r.pick(this.itemIds);
        let hundredths = 0;
        while (hundredths === 0) hundredths = r.int(-200_000, 200_000);
        const movementId = randomUUID();
        const envelope = this.envelope('adjustStock', {
          id: movementId,
          itemId,
          quantity: hundredths / 100,
          reason: r.pick(['adjustment', 'received'] as const),
          note: r.chance(0.3) ? 'counted' : undefined,
        });
        this.sent.set(envelope.id, { kind: 'adjustStock', id: envelope.id, itemId, movementId, hundredths });
        this.itemMutations.get(itemId)!.push(envelope.id);
        envelopes.push(envelope);
      }
    }
    const batch: Batch = { index: this.batches.length, envelopes, answered: false };
    this.batches.push(batch);
    return batch;
  }
}

// ---------------------------------------------------------------------------------------------
// The database on disk, read with the server down
// ---------------------------------------------------------------------------------------------

interface DiskState {
  applied: Map<string, { name: string; status: string; version: number | null }>;
  items: Map<string, { stockHundredths: number; version: number; deleted: number }>;
  movements: { id: string; itemId: string; quantityHundredths: number; mutationId: string; version: number; reason: string }[];
  versionLog: Map<number, string>;
  counter: number;
}

function readDisk(file: string): DiskState {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const applied = new Map(
      (db.prepare('SELECT id, name, status, version FROM applied_mutations').all() as { id: string; name: string; status: string; version: number | null }[]).map((row) => [
        row.id,
        row,
      ]),
    );
    const items = new Map(
      (db.prepare('SELECT id, stockHundredths, version, deleted FROM items').all() as { id: string; stockHundredths: number; version: number; deleted: number }[]).map((row) => [
        row.id,
        row,
      ]),
    );
    const movements = db.prepare('SELECT id, itemId, quantityHundredths, mutationId, version, reason FROM stock_movements').all() as DiskState['movements'];
    const versionLog = new Map(
      (db.prepare('SELECT version, mutationId FROM version_log').all() as { version: number; mutationId: string }[]).map((row) => [row.version, row.mutationId]),
    );
    const counter = (db.prepare(`SELECT value FROM counters WHERE name = 'version'`).get() as { value: number } | undefined)?.value ?? 0;
    return { applied, items, movements, versionLog, counter };
  } finally {
    db.close();
  }
}

/**
 * Every atomicity and exactly-once invariant of the file against what the device sent; answers
 * the violations (empty: none). `all`: every mutation sent must be applied by now.
 */
function violations(disk: DiskState, model: DeviceModel, options: { all: boolean }): string[] {
  const problems: string[] = [];
  const add = (problem: string) => {
    if (problems.length < 25) problems.push(problem);
  };
  const isApplied = (mutationId: string) => disk.applied.get(mutationId)?.status === 'applied';

  // Nothing is on record that the device did not send; nothing sent is recorded as refused.
  for (const [id, row] of disk.applied) {
    if (!model.sent.has(id)) add(`applied_mutations has ${id} (${row.name}), which was never sent`);
    if (row.status !== 'applied') add(`mutation ${id} (${row.name}) is recorded as ${row.status}`);
  }
  // An answer received is on disk: the answer came only after the commit.
  for (const id of model.answeredApplied) if (!isApplied(id)) add(`mutation ${id} was answered 'applied' but is not on disk`);
  if (options.all) for (const id of model.sent.keys()) if (!isApplied(id)) add(`mutation ${id} was sent but never applied`);

  // The version log: every version given out belongs to an applied mutation, versions are 1..counter
  // with no gap (a rolled-back mutation takes none), and each applied mutation took exactly one.
  const versionsOf = new Map<string, number[]>();
  for (const [version, mutationId] of disk.versionLog) {
    if (!isApplied(mutationId)) add(`version ${version} is logged for mutation ${mutationId}, which is not applied`);
    versionsOf.set(mutationId, [...(versionsOf.get(mutationId) ?? []), version]);
  }
  if (disk.versionLog.size !== disk.counter || (disk.counter > 0 && !disk.versionLog.has(disk.counter))) {
    add(`the version counter is ${disk.counter} but version_log holds ${disk.versionLog.size} versions`);
  }

  const movementsOf = new Map<string, DiskState['movements']>();
  const sumOf = new Map<string, number>();
  for (const movement of disk.movements) {
    movementsOf.set(movement.mutationId, [...(movementsOf.get(movement.mutationId) ?? []), movement]);
    sumOf.set(movement.itemId, (sumOf.get(movement.itemId) ?? 0) + movement.quantityHundredths);
    const row = disk.applied.get(movement.mutationId);
    if (!row || row.status !== 'applied') add(`movement ${movement.id} names mutation ${movement.mutationId}, which has no 'applied' record`);
    else if (row.version !== movement.version) add(`movement ${movement.id} has version ${movement.version}, its mutation ${row.version}`);
  }

  // Each mutation: applied with exactly its rows, or not applied with none of them.
  for (const sent of model.sent.values()) {
    const record = disk.applied.get(sent.id);
    const versions = versionsOf.get(sent.id) ?? [];
    const movements = movementsOf.get(sent.id) ?? [];
    if (!record) {
      if (versions.length > 0) add(`unapplied mutation ${sent.id} took versions ${versions.join(',')}`);
      if (movements.length > 0) add(`unapplied mutation ${sent.id} left ${movements.length} movement(s)`);
      if (sent.kind === 'createItem' && disk.items.has(sent.itemId)) add(`unapplied createItem ${sent.id} left item ${sent.itemId}`);
      continue;
    }
    if (record.status !== 'applied') continue; // reported above
    if (sent.kind === 'other') continue;
    if (record.version === null) {
      add(`${sent.kind} ${sent.id} is applied with no version`);
      continue;
    }
    if (versions.length !== 1 || versions[0] !== record.version) {
      add(`${sent.kind} ${sent.id} (version ${record.version}) has version_log entries [${versions.join(',')}]`);
    }
    if (sent.kind === 'createItem') {
      const item = disk.items.get(sent.itemId);
      if (!item || item.deleted) add(`applied createItem ${sent.id} has no live item ${sent.itemId}`);
      const expected = sent.opening === 0 ? [] : [{ id: openingMovementId(sent.itemId), itemId: sent.itemId, quantityHundredths: sent.opening, reason: 'opening' }];
      const actual = movements.map(({ id, itemId, quantityHundredths, reason }) => ({ id, itemId, quantityHundredths, reason }));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) add(`createItem ${sent.id}: movements ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    } else {
      const expected = [{ id: sent.movementId, itemId: sent.itemId, quantityHundredths: sent.hundredths }];
      const actual = movements.map(({ id, itemId, quantityHundredths }) => ({ id, itemId, quantityHundredths }));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) add(`adjustStock ${sent.id}: movements ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
  }

  // Each item: stock is the sum of its movements and what the applied mutations say, and its
  // version is the one of the last applied mutation that wrote it.
  for (const [itemId, item] of disk.items) {
    const mutationIds = model.itemMutations.get(itemId);
    if (!mutationIds) {
      add(`item ${itemId} was never sent`);
      continue;
    }
    const ledger = sumOf.get(itemId) ?? 0;
    if (item.stockHundredths !== ledger) add(`item ${itemId}: stock ${item.stockHundredths} ≠ Σ movements ${ledger}`);
    let expectedStock = 0;
    let lastVersion = 0;
    for (const mutationId of mutationIds) {
      if (!isApplied(mutationId)) continue;
      const sent = model.sent.get(mutationId)!;
      expectedStock += sent.kind === 'createItem' ? sent.opening : sent.kind === 'adjustStock' ? sent.hundredths : 0;
      lastVersion = Math.max(lastVersion, disk.applied.get(mutationId)!.version ?? 0);
    }
    if (item.stockHundredths !== expectedStock) add(`item ${itemId}: stock ${item.stockHundredths}, opening + applied adjustments ${expectedStock}`);
    if (item.version !== lastVersion) add(`item ${itemId}: version ${item.version}, its last applied mutation's ${lastVersion}`);
    const owner = disk.versionLog.get(item.version);
    if (owner === undefined || !mutationIds.includes(owner)) add(`item ${itemId}: version ${item.version} is logged for ${owner}, not one of its mutations`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The server process
// ---------------------------------------------------------------------------------------------

async function post<T>(baseUrl: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function push(baseUrl: string, token: string, clientId: string, mutations: MutationEnvelope[]): Promise<MutationOutcome[]> {
  const { status, body } = await post<PushResponse>(baseUrl, '/api/sync/push', { clientId, mutations }, token);
  if (status !== 200) throw new Error(`push answered ${status}: ${JSON.stringify(body)}`);
  return body.results;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

for (const seed of seeds)
  describe(`a server process killed with SIGKILL while it applies pushes (seed ${seed})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'garage-sigkill-'));
    const dbFile = join(dir, 'garage.sqlite');
    let server: RunningServer | null = null;

    afterAll(async () => {
      if (server) await sigkill(server);
      server = null;
      rmSync(dir, { recursive: true, force: true });
    });

    it(`applies every mutation entirely or not at all, and exactly once (seed ${seed})`, { timeout: soak ? 900_000 : 480_000 }, async () => {
      console.log(`[sigkill] seed=${seed} (replay with SIGKILL_SEED=${seed}) db=${dbFile}`);
      const random = new Random(seed);
      const port = await freePort();
      const start = async () => {
        server = await startServer({ ...serverCommand, cwd: projectDir, dbFile, port });
        return server;
      };
      let current = await start();

      // An Admin (the first account), then a category through the sync push.
      const email = 'admin@garage.test';
      const password = 'secret-password';
      const registered = await post(current.baseUrl, '/api/user/register', { name: 'Admin', email, password });
      expect(registered.status).toBe(201);
      const login = await post<{ token?: string; user?: { _id: string; role: string } }>(current.baseUrl, '/api/user/login', { email, password });
      expect(login.body.user?.role).toBe('Admin');
      const token = login.body.token!;
      const model = new DeviceModel(seed, random.fork(), login.body.user!._id);
      const category = model.createCategory();
      const categoryId = (category.args as { id: string }).id;
      const categoryResult = await push(current.baseUrl, token, model.clientId, [category]);
      expect(categoryResult.map((outcome) => outcome.status)).toEqual(['applied']);
      model.answeredApplied.add(category.id);

      const timing = random.fork();
      const stats = {
        kills: 0,
        inFlightKills: 0,
        /** In-flight kills after which none of the batch was on disk (killed before its commit). */
        rolledBack: 0,
        /** In-flight kills after which all of it was (killed between the commit and the answer). */
        committedUnanswered: 0,
        /** In-flight kills after which part of it was (never with one transaction per batch). */
        partial: 0,
        replayedAfterKill: 0,
        /** Kills at a random moment, those of them in flight, and those before the batch's (last) commit. */
        randomKills: 0,
        randomInFlight: 0,
        randomBeforeCommit: 0,
        /** Of those, the ones later than what a push needs besides its apply: inside the apply. */
        inApply: 0,
        /** Kills the moment the batch's commit showed in the file. */
        atCommit: 0,
        resends: 0,
        restartMs: [] as number[],
      };

      const recordAnswer = (batch: Batch, results: MutationOutcome[]) => {
        expect(results.map((outcome) => outcome.id)).toEqual(batch.envelopes.map((envelope) => envelope.id));
        const refused = results.filter((outcome) => outcome.status !== 'applied');
        expect(refused, `batch ${batch.index}: refused mutations`).toEqual([]);
        for (const outcome of results) model.answeredApplied.add(outcome.id);
        batch.answered = true;
      };

      /**
       * After a kill (the process is gone): check the file as the crash left it, restart on it, and
       * re-send what got no answer. `killed`: the batch in flight at the kill, if its answer never came.
       * Answers how many batches were re-sent.
       */
      const recover = async (killed: Batch | null): Promise<number> => {
        if (current.process.exitCode === null && current.process.signalCode === null) throw new Error('recover() before the kill');
        stats.kills += 1;
        const disk = readDisk(dbFile);
        expect(violations(disk, model, { all: false }), `after kill ${stats.kills}`).toEqual([]);
        const unanswered = model.batches.filter((candidate) => !candidate.answered);
        for (const pending of unanswered) {
          const onDisk = pending.envelopes.filter((envelope) => disk.applied.get(envelope.id)?.status === 'applied').length;
          stats.replayedAfterKill += onDisk;
          if (pending === killed) {
            if (onDisk === 0) stats.rolledBack += 1;
            else if (onDisk === pending.envelopes.length) stats.committedUnanswered += 1;
            else stats.partial += 1;
          }
        }
        const restarted = performance.now();
        current = await start();
        stats.restartMs.push(performance.now() - restarted);
        // As a device would: the same entries, in order, until answered.
        for (const pending of unanswered) {
          let results: MutationOutcome[] | null = null;
          for (let attempt = 1; results === null; attempt++) {
            stats.resends += 1;
            try {
              results = await push(current.baseUrl, token, model.clientId, pending.envelopes);
            } catch (error) {
              if (attempt >= 5) throw error;
              await sleep(50);
            }
          }
          recordAnswer(pending, results);
        }
        return unanswered.length;
      };

      /**
       * Pushes a batch and SIGKILLs the server: after `delay` ms, or (delay null) the moment the batch's
       * commit is visible in the file, which is the narrow gap between the commit and the answer.
       */
      const pushAndKill = async (batch: Batch, delay: number | null) => {
        const began = performance.now();
        let settled = false;
        const request = push(current.baseUrl, token, model.clientId, batch.envelopes).then(
          (results) => ({ ok: true as const, results }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        void request.then(() => (settled = true));
        if (delay !== null) await sleep(delay);
        else await untilCommitted(batch, () => settled);
        const killMs = performance.now() - began;
        const settledBeforeKill = settled;
        await sigkill(current);
        // An answer that arrived before the kill is the device's; else the push failed with the kill.
        const outcome = await request;
        if (outcome.ok) recordAnswer(batch, outcome.results);
        const inFlight = !outcome.ok && !settledBeforeKill;
        if (inFlight) stats.inFlightKills += 1;
        return { killMs, inFlight };
      };

      /** Polls the file (a WAL reader never blocks the server's writer) until the batch's commit shows. */
      const untilCommitted = async (batch: Batch, settled: () => boolean): Promise<number> => {
        const began = performance.now();
        const watch = new Database(dbFile, { readonly: true, fileMustExist: true });
        try {
          const committed = watch.prepare('SELECT 1 FROM applied_mutations WHERE id = ?');
          const lastId = batch.envelopes.at(-1)!.id;
          while (!committed.get(lastId) && !settled() && performance.now() - began < 30_000) {
            await new Promise((resolve) => setImmediate(resolve));
          }
          return performance.now() - began;
        } finally {
          watch.close();
        }
      };

      // Calibration: how long a batch takes on a freshly started server (the first push after a
      // restart) and on one that has just answered a push, when its commit shows in the file, and what
      // a push costs besides its apply (a one-mutation push).
      const coldMs: number[] = [];
      const commitMs: number[] = [];
      const warmMs: number[] = [];
      const overheadMs: number[] = [];
      for (let round = 0; round < calibrationRounds; round++) {
        let began = performance.now();
        const cold = model.nextBatch(categoryId);
        const pushed = push(current.baseUrl, token, model.clientId, cold.envelopes);
        let answered = false;
        void pushed.then(
          () => (answered = true),
          () => (answered = true),
        );
        commitMs.push(await untilCommitted(cold, () => answered));
        recordAnswer(cold, await pushed);
        coldMs.push(performance.now() - began);
        began = performance.now();
        const warm = model.nextBatch(categoryId);
        recordAnswer(warm, await push(current.baseUrl, token, model.clientId, warm.envelopes));
        warmMs.push(performance.now() - began);
        began = performance.now();
        await push(current.baseUrl, token, model.clientId, [category]); // a replay: answered, changes nothing
        overheadMs.push(performance.now() - began);
        await sigkill(current); // an idle kill, between requests
        await recover(null);
      }
      const batchColdMs = median(coldMs);
      const batchWarmMs = median(warmMs);
      const pushOverheadMs = median(overheadMs);
      const fmt = (values: number[]) => values.map((ms) => ms.toFixed(0)).join('/');
      console.log(
        `[sigkill] calibration: a batch of ${batchSize} is answered after ≈${batchColdMs.toFixed(0)} ms on a restarted server ` +
          `(${fmt(coldMs)}; its commit shows in the file after ${fmt(commitMs)}), ≈${batchWarmMs.toFixed(0)} ms warm (${fmt(warmMs)}); ` +
          `a one-mutation push takes ≈${pushOverheadMs.toFixed(1)} ms, so ≈${Math.round((100 * (batchWarmMs - pushOverheadMs)) / batchWarmMs)}% ` +
          `of a batch's time is its apply. Random kills land at a uniform moment in [0, the shortest batch time].`,
      );

      // The kill rounds: push a new batch and SIGKILL the server while it works on it, mostly at a
      // random moment (inside the apply), sometimes right at its commit (before the answer is out).
      let warm = false; // has this server already answered a push (a re-send) since it started?
      const killDelays: number[] = [];
      for (let round = 0; round < maxKillRounds; round++) {
        const enough =
          stats.kills >= minKills &&
          stats.inFlightKills >= minInFlightKills &&
          stats.randomBeforeCommit >= minInFlightKills &&
          (stats.atCommit >= maxCommitKills || (stats.atCommit >= minCommitKills && stats.committedUnanswered > 0));
        if (enough) break;
        const batch = model.nextBatch(categoryId);
        const atCommit = stats.atCommit < maxCommitKills && timing.chance(commitKillShare);
        // The shortest batch seen, so that most random kills come before the answer even on a busy machine.
        const delay = atCommit ? null : timing.next() * Math.min(...(warm ? warmMs : coldMs));
        const { killMs, inFlight } = await pushAndKill(batch, delay);
        const wholeBefore = stats.committedUnanswered;
        warm = (await recover(inFlight ? batch : null)) > 0;
        if (atCommit) {
          stats.atCommit += 1;
        } else {
          stats.randomKills += 1;
          killDelays.push(killMs);
          if (inFlight) {
            stats.randomInFlight += 1;
            if (stats.committedUnanswered === wholeBefore) {
              stats.randomBeforeCommit += 1;
              if (killMs >= pushOverheadMs) stats.inApply += 1;
            }
          }
        }
      }

      // The end: nothing left unanswered, and the whole file exactly as the device's history says.
      expect(model.batches.filter((batch) => !batch.answered)).toEqual([]);
      await sigkill(current); // read the file with nothing open on it
      const final = readDisk(dbFile);
      expect(violations(final, model, { all: true })).toEqual([]);
      const mutationsSent = [...model.sent.values()];
      const movementsExpected = mutationsSent.filter((sent) => sent.kind === 'adjustStock' || (sent.kind === 'createItem' && sent.opening !== 0)).length;
      expect(final.applied.size).toBe(model.sent.size);
      expect(final.movements.length).toBe(movementsExpected);
      expect(final.items.size).toBe(mutationsSent.filter((sent) => sent.kind === 'createItem').length);
      // The server's log names each mutation exactly once: one version each, one record each.
      const logged = [...final.versionLog.values()];
      expect(new Set(logged).size).toBe(logged.length);
      expect(logged.length).toBe(model.sent.size);

      console.log(
        `[sigkill] seed=${seed} kills=${stats.kills} inFlightKills=${stats.inFlightKills} batchMs≈${batchColdMs.toFixed(0)} ` +
          `mutations=${model.sent.size} replayedAfterKill=${stats.replayedAfterKill}`,
      );
      console.log(
        `[sigkill] detail: idle kills=${calibrationRounds}, random kills=${stats.randomKills} (in flight ${stats.randomInFlight}, ` +
          `before the batch's commit ${stats.randomBeforeCommit}, of which ≈${stats.inApply} after the ≈${pushOverheadMs.toFixed(1)} ms a push needs ` +
          `besides its apply; median delay ${median(killDelays).toFixed(0)} ms), at-commit kills=${stats.atCommit}; in-flight outcomes: ` +
          `rolledBack=${stats.rolledBack} committedUnanswered=${stats.committedUnanswered} partial=${stats.partial}; warmBatchMs≈${batchWarmMs.toFixed(0)} ` +
          `resends=${stats.resends} restartMs≈${median(stats.restartMs).toFixed(0)} items=${final.items.size} movements=${final.movements.length}`,
      );
      expect(stats.kills).toBeGreaterThanOrEqual(minKills);
      expect(stats.inFlightKills).toBeGreaterThanOrEqual(minInFlightKills);
      // Most random kills landed before the commit (inside the apply), and some kill left a committed
      // batch unanswered, so its re-send was a replay that had to change nothing.
      expect(stats.randomBeforeCommit).toBeGreaterThanOrEqual(minInFlightKills);
      expect(stats.replayedAfterKill).toBeGreaterThan(0);
    });
  });
