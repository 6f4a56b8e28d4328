import type { Table } from 'dexie';
import type { DeferredRow, GarageDb, OutboxEntry, SentEntry, SyncProblem, SyncStateEntry } from '../db/db';
import { derivedTables, parseDownload, syncedTable } from '../db/db';
import type { MutationOutcome, PullResponse, PushResponse, ReadScope, RecordState } from '@shared/sync/messages';
import { keepsRow, scopeChange } from '@shared/sync/read-scope';
import { deviceClock, noteServerTime, serverTimeHeader } from './device-clock';
import { getClientId } from './client-id';
import { maxPushRecords, pushBatchMax, deviceKeyHeader } from '@shared/sync/messages';
import { isSyncedTable, parseRecordKey, recordKey, syncedTables, type SyncedTable } from '@shared/sync/tables';
import { findMutation } from '@shared/mutations/definitions';
import { notYetStatus, protocolOneTables, thisBuild, updateRequiredMessage, updateRequiredStatus, type SyncBuild } from '@shared/sync/protocol';

/** The session a sync runs under: it pushes only this user's entries. */
export interface SyncSession {
  token: string;
  userId: string;
}

export interface SyncTransport {
  fetch: typeof fetch;
  baseUrl: string;
  getSession: () => SyncSession | null;
  /** Changes a pull page may hold (the server's default, 500, when absent; at most 2,000). */
  pullPageSize?: number;
  /** The build the device runs: its protocol and synced tables (this build's; tests play older and newer builds). */
  build?: SyncBuild;
  /** The role the server now projects this user's rows for (an Admin may have changed it). */
  onReadScope?: (scope: ReadScope, token: string) => void;
  /** Whether the pull is in a first sync's first part (the catalogue and the customers arriving), said before each page. */
  onCatalogueArriving?: (arriving: boolean) => void;
  /** Whether a pull of several pages is under way (a first sync, a device back after days): said at each page, and false at the pull's end. */
  onDownloading?: (downloading: boolean) => void;
}

/** Network down, 5xx, 429: try again later with backoff. */
export class TransientSyncError extends Error {}
/**
 * The request never reached the server (no network, Wi-Fi up but the shop server not answering):
 * the device is offline whatever `navigator.onLine` says. Chromium's network emulation leaves it
 * true in a page loaded while offline, and a tablet on a Wi-Fi whose router lost its link has it true.
 */
export class UnreachableSyncError extends TransientSyncError {}
/** The token is missing or refused: wait for a new login; the outbox stays. */
export class UnauthorizedSyncError extends Error {}
/** The server no longer serves this build (HTTP 426): the update prompt asks for a reload; the outbox stays. */
export class UpdateRequiredSyncError extends Error {}

// The server takes up to 6 MB on push; a batch holding logos stays well under it.
const pushBodyBudget = 4 * 1024 * 1024;
/** How long applied mutations are kept to be sent again after a restore from a backup. */
export const sentRetentionMs = 14 * 24 * 3600_000;

const atVersion = (at: string | null | undefined) => (at ? Number(at.split(':')[0]) : 0);

/**
 * One device's sync: push the outbox in order, then pull the change feed (docs/sync-rules.md, rules 3–7 and 11).
 * Not re-entrant: callers go through `sync()`, which joins a run already under way.
 */
/**
 * A new device's first sync: the priority tables, then the open work, then the rest; every later pull
 * is 'rest'. Before any of them, tables the build stores but the stored cursors do not cover (an
 * update added them) are pulled from the beginning with a cursor of their own ('catchUp').
 * 'refill': some tables again from their start (a catch-up of them), with their own cursor, when the
 * user has come to read columns or rows the mirror was pulled without (a Manager after Staff).
 */
type Phase = 'priority' | 'open' | 'catchUp' | 'refill' | 'rest';

/** What a phase asks the server for, and the state key of its own cursor. */
const phaseCursor = { priority: 'priorityCursor', open: 'openCursor', catchUp: 'catchUpCursor', refill: 'refillCursor', rest: 'cursor' } as const;

/** The stored sync state by key (`syncState`), as one read gives it. */
type StoredState = Map<string, string>;

/** The tables stored cursors cover (`syncState.tables`); none stored: protocol 1's, which a device on it stored. */
const coveredBy = (tables: string | undefined): readonly string[] => (tables ? tables.split(',') : protocolOneTables);

/** The tables a refill pulls again (`syncState.refill`, JSON). */
const refillOf = (refill: string | undefined): string[] => (refill ? (JSON.parse(refill) as string[]) : []);

/** The version in a pull cursor `{serverId}:{version}:{nonce}`. */
const cursorVersion = (cursor: string) => Number(cursor.split(':').at(-2) ?? 0) || 0;

export class SyncEngine {
  private running: Promise<void> | null = null;
  /** Entries the server could not take yet (5xx: olderServerStatus or a failure of its own; notYetStatus; a fact's 413): skipped until the next sync. */
  private readonly held = new Set<string>();
  /** The device's own key, once read (send). */
  private deviceKey: string | undefined;

  constructor(
    private readonly db: GarageDb,
    private readonly transport: SyncTransport,
    /** The most records one push may touch; a test may set more than the server takes, to see the 413 split. */
    private readonly pushRecordBudget = maxPushRecords,
  ) {}

  sync(): Promise<void> {
    this.running ??= this.pushThenPull().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private get build(): SyncBuild {
    return this.transport.build ?? thisBuild;
  }

  /** The synced tables this build writes. */
  private get storedTables(): SyncedTable[] {
    return this.build.tables.filter(isSyncedTable);
  }

  private async pushThenPull(): Promise<void> {
    this.held.clear(); // each sync offers them again: the server may have been updated meanwhile
    await this.push();
    await this.pull();
    await this.db.syncState.put({ key: 'lastSyncAt', value: new Date().toISOString() });
  }

  private session(): SyncSession {
    const session = this.transport.getSession();
    if (!session) throw new UnauthorizedSyncError('Not logged in');
    return session;
  }

  async push(): Promise<void> {
    for (;;) {
      const session = this.session();
      const batch = await this.sendable(session.userId);
      if (batch.length === 0) return;
      await this.sendBatch(session, batch);
    }
  }

  /** Whether this session has entries to send (made while the last sync was pulling, or put back after a restore). */
  async hasWork(): Promise<boolean> {
    const session = this.transport.getSession();
    return !!session && (await this.sendable(session.userId)).length > 0;
  }

  /**
   * The next entries this session may send, in seq order: its own, except any that touch a record
   * another author's waiting entry touches first (they depend on it), fitted to the body budget and
   * to the records one push may touch (maxPushRecords: the server answers a heavier push 413).
   */
  private async sendable(userId: string): Promise<OutboxEntry[]> {
    const batch: OutboxEntry[] = [];
    const blocked = new Set<string>();
    let size = 0;
    let records = 0;
    for (let offset = 0; ; offset += 200) {
      const page = await this.db.outbox.orderBy('seq').offset(offset).limit(200).toArray();
      for (const entry of page) {
        const mine = entry.authorId === userId || entry.authorId === '';
        if (!mine || this.held.has(entry.id) || entry.touches.some((key) => blocked.has(key))) {
          for (const key of entry.touches) blocked.add(key);
          continue;
        }
        size += JSON.stringify(entry.args).length + 300;
        // The entry's touches are its definition's (local-mutation.ts), as the server counts them.
        records += Math.max(1, entry.touches.length);
        if (batch.length > 0 && (size > pushBodyBudget || records > this.pushRecordBudget)) return batch;
        batch.push(entry);
        if (batch.length === pushBatchMax) return batch;
      }
      if (page.length < 200) return batch;
    }
  }

  /**
   * One push; a whole push refused as malformed or too large (400, 413) is split until the culprit
   * stands alone. A fact (a sale printed, a payment taken) answered 413 on its own is not refused:
   * a proxy or a stricter server in the way may let it through later, and as a problem its invoice
   * would leave this device's screens. It stays queued with the server's words, as made here, and
   * is offered again at the next sync.
   */
  private async sendBatch(session: SyncSession, batch: OutboxEntry[]): Promise<void> {
    // Its register code: a server restored from a backup older than this register adopts it (PushRequest).
    const deviceCode = (await this.db.syncState.get('deviceCode'))?.value;
    const response = await this.send(session, '/api/sync/push', {
      method: 'POST',
      body: JSON.stringify({ clientId: batch[0]!.clientId, mutations: batch.map(toEnvelope), protocol: this.build.protocol, ...(deviceCode ? { deviceCode } : {}) }),
    });
    if (response.status === 400 || response.status === 413) {
      const message = await readMessage(response);
      if (batch.length === 1) {
        const entry = batch[0]!;
        if (response.status === 413 && findMutation(entry.name)?.fact) return this.hold(entry, message);
        return this.refuseAlone(session, entry, response.status, message);
      }
      const half = Math.ceil(batch.length / 2);
      await this.sendBatch(session, batch.slice(0, half));
      await this.sendBatch(session, batch.slice(half));
      return;
    }
    const body = await this.readBody<PushResponse>(response);
    const answered: [OutboxEntry, MutationOutcome][] = [];
    for (const outcome of body.results) {
      const entry = batch.find((candidate) => candidate.id === outcome.id);
      if (!entry) continue;
      // The server does not know it yet (501) or failed on its own (5xx, unrecorded there): tried again at the next sync.
      if (outcome.status === 'rejected' && outcome.httpStatus >= 500) await this.hold(entry, outcome.message);
      else if (outcome.status === 'rejected' && outcome.httpStatus === notYetStatus && !(await this.awaitsRefusedRecord(entry))) await this.hold(entry, outcome.message);
      else answered.push([entry, outcome]);
    }
    await this.settle(answered);
  }

  /**
   * The server is older than this build and does not know the entry's operation yet, or failed on
   * its own (any 5xx, which it does not record), or a fact was answered 413 on its own (sendBatch): it stays in the outbox with the server's words, untouched otherwise (its rows stay as made here), and is offered
   * again at the next sync. Later entries touching its records wait behind it in this sync; the others go on.
   */
  private async hold(entry: OutboxEntry, message: string): Promise<void> {
    this.held.add(entry.id);
    await this.db.outbox.where('id').equals(entry.id).modify({ waiting: message });
  }

  /**
   * A fact the server cannot apply yet because a record it leans on has not arrived (notYetStatus)
   * waits for it, unless that record will never come: this device made it and the server refused
   * it (it is in the problems list). Then waiting would be for ever, so the fact is refused too and
   * shown beside the refusal that caused it.
   */
  private async awaitsRefusedRecord(entry: OutboxEntry): Promise<boolean> {
    const leansOn = findMutation(entry.name)?.leansOn?.(entry.args as never);
    if (!leansOn) return true; // nothing it may wait for: a plain refusal
    const problems = await this.db.problems.toArray();
    return problems.some(({ mutation }) => mutation.name === leansOn.madeBy && (mutation.args as { id?: unknown }).id === leansOn.record.id);
  }

  /** The server would not take this one entry at all: it becomes a problem, and its records get the server's state. */
  private async refuseAlone(session: SyncSession, entry: OutboxEntry, httpStatus: number, message: string): Promise<void> {
    const keys = entry.touches.filter((key) => parseRecordKey(key));
    // The device names itself: Staff read their own register's cash (shared/sync/read-scope.ts).
    const response = await this.send(session, '/api/sync/records', { method: 'POST', body: JSON.stringify({ keys, clientId: entry.clientId }) });
    const { records } = await this.readBody<{ records: RecordState[] }>(response);
    await this.settle([[entry, { id: entry.id, status: 'rejected', httpStatus, message, current: records }]]);
  }

  /**
   * Takes answered entries off the queue, in order, in one transaction. Applied: it is kept in `sent`
   * (to send again after a restore) and the acknowledged point moves on. Refused: it goes to the
   * problems list and each record it touched gets the server's state back. Either way, a record with
   * no more pending work takes the row a pull held back for it, unless this answer's own version is
   * newer (the next pull brings that one), and one the server holds no row for is dropped.
   *
   * A push's answers are settled together (issue 43): what the rule needs is read at once up front
   * (which entries are still queued, how many queued entries touch each record, the rows held back)
   * and the rule then runs in order in memory, an entry leaving the queue lowering its records'
   * counts, as if each were settled alone. One transaction and a read each a change made a push of
   * 250 an import's changes settle in seconds, and re-ran every screen's live queries per change.
   */
  private async settle(answered: readonly [OutboxEntry, MutationOutcome][]): Promise<void> {
    if (answered.length === 0) return;
    const tables = syncedTables.map((t) => syncedTable(this.db, t));
    const { db } = this;
    await db.transaction('rw', [db.outbox, db.sent, db.problems, db.deferred, db.syncState, ...tables, ...derivedTables(db)], async () => {
      const states = answered.map(([entry, outcome]) => [entry, outcome, serverStates(outcome)] as const);
      const keys = [...new Set(states.flatMap(([entry, , current]) => [...entry.touches, ...current.keys()]))];
      const [queued, counts, held, ack] = await Promise.all([
        db.outbox
          .where('id')
          .anyOf(answered.map(([entry]) => entry.id))
          .keys(),
        Promise.all(keys.map((key) => db.outbox.where('touches').equals(key).count())),
        db.deferred.bulkGet(keys),
        db.syncState.get('ack'),
      ]);
      const stillQueued = new Set(queued.map(String));
      const pending = new Map(keys.map((key, i) => [key, counts[i]!]));
      const deferredRows = new Map(keys.flatMap((key, i) => (held[i] ? [[key, held[i]] as const] : [])));
      const now = new Date().toISOString();
      let newAck = ack?.value;
      const sent: SentEntry[] = [];
      const problems: SyncProblem[] = [];
      const settled: number[] = [];
      const released = new Set<string>();
      for (const [entry, outcome, current] of states) {
        if (!stillQueued.has(entry.id)) continue; // settled already
        stillQueued.delete(entry.id);
        settled.push(entry.seq!);
        for (const key of new Set(entry.touches)) pending.set(key, (pending.get(key) ?? 1) - 1);
        if (outcome.status === 'applied') {
          sent.push({ ...entry, seq: entry.seq!, sentAt: now, at: outcome.at });
          if (outcome.at && atVersion(outcome.at) > atVersion(newAck)) newAck = outcome.at;
        } else {
          problems.push({ mutation: entry, message: outcome.message, httpStatus: outcome.httpStatus, at: now, current: outcome.current });
        }
        for (const key of new Set([...entry.touches, ...current.keys()])) {
          if ((pending.get(key) ?? 0) > 0) continue; // later local work wins
          const deferred = deferredRows.get(key);
          deferredRows.delete(key);
          released.add(key);
          const state = current.get(key);
          if (state) await writeState(db, state);
          else if (deferred && (outcome.status === 'rejected' || deferred.version >= atVersion(outcome.status === 'applied' ? outcome.at : null))) {
            await writeDeferred(db, deferred);
          }
        }
      }
      await Promise.all([
        db.outbox.bulkDelete(settled),
        db.sent.bulkPut(sent),
        db.problems.bulkAdd(problems),
        // Only the rows there were: most keys of an import's push held none, and each delete is a request.
        db.deferred.bulkDelete(keys.filter((key, i) => held[i] && released.has(key))),
        newAck !== ack?.value ? db.syncState.put({ key: 'ack', value: newAck! }) : undefined,
      ]);
    });
  }

  async pull(): Promise<void> {
    try {
      await this.pullPages();
    } finally {
      this.transport.onDownloading?.(false);
    }
  }

  private async pullPages(): Promise<void> {
    const session = this.session();
    // The stored state is read whole (a dozen small rows) in one request at each step, not key by
    // key: IndexedDB answers one request after another, and between two pages of a first sync the
    // dozen reads of its keys kept the next page's write waiting (issue 47: ~60 pages a first sync).
    const readState = () => readStoredState(this.db);
    let stored = await readState();
    const state = (key: SyncStateEntry['key']) => stored.get(key) ?? '';
    // The first request of a pull asks how much is coming (count=1), unless a download is already
    // under way (one interrupted by going offline resumes from its cursor and its count).
    let counting = !state('download');
    // A new device pulls the catalogue and the customers first (their own cursor), then the open
    // work (open jobs, unpaid invoices: its own cursor), then the rest, which skips the rows the first
    // part brought (priority=<the version it reached>). The phase follows from the stored state, so
    // a download cut off in any part resumes in that part.
    // Every pull names the build's protocol and tables: the server answers rows of those tables only.
    const { build } = this;
    // A catch-up runs once per pull: a table the server does not know yet (it is older than this
    // build) stays uncovered, and is asked for again at the next sync.
    let caughtUp = false;
    // The server notes this device's last contact by it (an Admin's bell names a silent register).
    const client = await getClientId(this.db);
    const missingTables = (): string[] => {
      if (caughtUp || !(state('cursor') || state('priorityCursor'))) return [];
      const covered = coveredBy(stored.get('tables'));
      return build.tables.filter((table) => !covered.includes(table));
    };
    const refilled = () => this.storedTables.filter((table) => refillOf(stored.get('refill')).includes(table));
    // The part of the download the stored state is in (read again before each page).
    const phaseNow = (): Phase =>
      missingTables().length > 0
        ? 'catchUp'
        : refilled().length > 0
          ? 'refill'
          : state('cursor')
            ? 'rest'
            : !state('priorityDone')
              ? 'priority'
              : !state('openDone')
                ? 'open'
                : 'rest';
    const queryOf = (since: string, ack: string, priority: string, count: boolean, catchUp: string[]) =>
      // scope=1: the page says which role its rows were projected for (adoptReadScope).
      `since=${encodeURIComponent(since)}&scope=1${ack ? `&ack=${encodeURIComponent(ack)}` : ''}` +
      `${priority ? `&priority=${encodeURIComponent(priority)}` : ''}${count ? '&count=1' : ''}` +
      `${this.transport.pullPageSize ? `&limit=${this.transport.pullPageSize}` : ''}` +
      `&protocol=${build.protocol}&tables=${build.tables.join(',')}${catchUp.length > 0 ? `&catchup=${catchUp.join(',')}` : ''}` +
      `&client=${encodeURIComponent(client)}`;
    const fetchPage = (query: string) => this.send(session, `/api/sync/pull?${query}`, { method: 'GET' }).then((response) => this.readBody<PullResponse>(response));
    // The page after this one, asked for while this one is written: the network and the server work
    // beside IndexedDB (a first sync of 240 pages waited 5 s on them in turn). Used only when the
    // query the stored state gives after the write is the one it was asked with.
    let ahead: { query: string; page: Promise<PullResponse> } | null = null;
    // Whether `stored` is the state as it stands (read beside the outbox's question after a page).
    let current = true;
    for (;;) {
      if (!current) stored = await readState();
      current = false;
      const phase = phaseNow();
      this.transport.onCatalogueArriving?.(phase === 'priority');
      const since = state(phaseCursor[phase]);
      const ack = state('ack');
      const priority = phase === 'priority' ? 'only' : phase === 'open' ? 'open' : phase === 'catchUp' || phase === 'refill' ? '' : state('priorityDone');
      const catchUp = phase === 'catchUp' ? missingTables() : phase === 'refill' ? refilled() : [];
      const query = queryOf(since, ack, priority, counting && phase !== 'refill', catchUp);
      counting = false;
      const page = ahead?.query === query ? await ahead.page : await fetchPage(query);
      ahead = null;
      // A first sync's parts before the rest are followed by more pages, whatever this one says.
      this.transport.onDownloading?.(page.hasMore || phase !== 'rest');
      if (page.hasMore && !page.reset) {
        const next = queryOf(page.cursor, ack, priority, false, catchUp);
        const promise = fetchPage(next);
        promise.catch(() => undefined); // a failure counts when (and if) the page is used
        ahead = { query: next, page: promise };
      }
      const refillRestarted = page.readScope ? await this.adoptReadScope(page.readScope, state('readScope')) : false;
      if (page.readScope) this.transport.onReadScope?.(page.readScope, session.token);
      // A refill page after which the refill started again (the scope changed once more) is not its
      // next page: the refill asks again from the start, for every table it now covers.
      if (phase === 'refill' && refillRestarted && !page.reset) continue;
      const end = await this.applyPage(page, phase);
      if (phase === 'catchUp' && !page.hasMore) caughtUp = true;
      // A rest page may have asked for a refill (a new read scope): the pull goes on with it.
      if (!page.hasMore && phase === 'rest') {
        stored = end.state;
        if (phaseNow() === 'rest') return;
      }
      // Work saved while a long download runs (a first sync, a device back after days offline) goes
      // out between its pages, not after the last one: the screens the server answers meanwhile
      // (lib/use-download-search.ts) show it once the server has it, and nothing waits minutes to sync.
      // Only a push changes the state the page's transaction read at its end (applyPage).
      if (end.work) await this.push();
      else [stored, current] = [end.state, true];
    }
  }

  /**
   * Writes a page and its cursor in one transaction, and answers, read at the transaction's end,
   * whether this session has work to push and the sync state as the page left it: read after the
   * commit, they were a round trip between every two pages of a first sync in which IndexedDB had
   * nothing to write (issue 47).
   */
  private async applyPage(page: PullResponse, phase: Phase): Promise<{ work: boolean; state: StoredState }> {
    const { db } = this;
    // Only the tables this page writes (all of them for a reset, which clears the mirror): a history
    // page must not hold the catalogue's tables, or every read of them (a search, the screens) waits
    // behind each page of a first sync's history (a search at 100,000 job cards waited 43 s).
    const stored = this.storedTables;
    const written = page.reset ? syncedTables : stored.filter((table) => page.changes.some((change) => change.table === table));
    const tables = written.map((t) => syncedTable(db, t));
    const end = await db.transaction('rw', [db.outbox, db.sent, db.deferred, db.syncState, ...tables, ...derivedTables(db)], async () => {
      await this.writePage(page, phase);
      const [work, state] = await Promise.all([this.hasWork(), readStoredState(db)]);
      return { work, state };
    });
    if (!page.hasMore && phase === 'rest') await this.pruneSent();
    return end;
  }

  /** A page's rows and the cursor it brings, in applyPage's transaction. */
  private async writePage(page: PullResponse, phase: Phase): Promise<void> {
    const { db } = this;
    const stored = this.storedTables;
    const pending = new Set((await db.outbox.orderBy('touches').uniqueKeys()) as string[]);
    if (page.reset) await this.startOver(page, pending);
    // A page holds each record at most once (its latest version), so one bulk write per table
    // is the same as writing the changes in order, and several times faster.
    for (const table of stored) {
      const changes = page.changes.filter((c) => c.table === table);
      const held = changes.filter((c) => pending.has(recordKey(c))); // docs/sync-rules.md, rule 7
      const free = changes.filter((c) => !pending.has(recordKey(c)));
      if (held.length > 0) {
        await db.deferred.bulkPut(held.map((c) => ({ key: recordKey(c), version: c.version, deleted: c.deleted, row: c.row })));
      }
      if (free.length === 0) continue;
      await putInSlices(
        syncedTable(db, table),
        free.filter((c) => !c.deleted).map((c) => c.row),
      );
      await syncedTable(db, table).bulkDelete(free.filter((c) => c.deleted).map((c) => c.id));
    }
    // What the stored cursors now cover (a server older than protocol 2 answered protocol 1's tables).
    const answered = page.tables ?? [...protocolOneTables];
    if (phase === 'catchUp' && !page.reset) {
      if (page.hasMore) await db.syncState.put({ key: 'catchUpCursor', value: page.cursor });
      else {
        // Every row of the new tables is here, up to now: the other cursors, all older, cover them too.
        const covered = new Set([...(await this.coveredTables()), ...answered]);
        await db.syncState.put({ key: 'tables', value: [...covered].join(',') });
        await db.syncState.delete('catchUpCursor');
      }
      await this.noteProgress(page, true);
      return;
    }
    // A refill's page covers its own tables, from their start: the cursors and their tables stay.
    if (phase === 'refill' && !page.reset) {
      if (page.hasMore) await db.syncState.put({ key: 'refillCursor', value: page.cursor });
      else await db.syncState.bulkDelete(['refill', 'refillCursor']);
      return;
    }
    // A reset (a restore, another server) during a refill is answered, as a catch-up's is, with every
    // table from the start (the mirror was dropped): the reload goes on as the rest, below.
    if (phase === 'refill') await db.syncState.bulkDelete(['refill', 'refillCursor']);
    await db.syncState.put({ key: 'tables', value: answered.join(',') });
    if (phase === 'priority') {
      await db.syncState.put({ key: 'priorityCursor', value: page.cursor });
      // The first part is complete up to its cursor's version: the rest skips those rows.
      if (!page.hasMore) await db.syncState.bulkPut([{ key: 'priorityDone', value: String(cursorVersion(page.cursor)) }]);
      await this.noteProgress(page, true);
      return;
    }
    if (phase === 'open' && !page.reset) {
      await db.syncState.put({ key: 'openCursor', value: page.cursor });
      if (!page.hasMore) await db.syncState.put({ key: 'openDone', value: '1' });
      await this.noteProgress(page, true);
      return;
    }
    await db.syncState.put({ key: 'cursor', value: page.cursor });
    // A reset after the first part reloads everything in one (the server ignores priority then); the
    // end of the rest ends the download.
    if (page.reset || !page.hasMore) await db.syncState.bulkDelete(['priorityDone', 'priorityCursor', 'openCursor', 'openDone']);
    await this.noteProgress(page, page.hasMore);
    if (!page.hasMore && (await db.syncState.get('requeueSent'))) await this.requeueSent();
  }

  /** The tables the stored cursors cover; a device that stored none was on protocol 1, which stored protocol 1's tables. */
  private async coveredTables(): Promise<readonly string[]> {
    return coveredBy((await this.db.syncState.get('tables'))?.value);
  }

  /** The tables a refill is pulling again from their start (stored as JSON), those this build stores. */
  private async refillTables(): Promise<SyncedTable[]> {
    const tables = refillOf((await this.db.syncState.get('refill'))?.value);
    return this.storedTables.filter((table) => tables.includes(table));
  }

  /**
   * The server read this page for a scope (shared/sync/read-scope.ts) the mirror was not pulled
   * for: the user logged in on a device another user or role used, or an Admin changed their role.
   * Columns now hidden and rows now left out (another register's cash) are dropped from the mirror
   * at once, in one transaction, except records with work still to send; tables with columns or
   * rows now readable are pulled again from their start by a refill (a catch-up of those tables),
   * the rest of the mirror and its cursors kept. A mirror from a build before read scopes was
   * pulled whole; one from a build before row rules says nothing of its rows, so those tables are
   * pulled again. True when a refill (re)started.
   */
  private async adoptReadScope(scope: ReadScope, read: string | undefined): Promise<boolean> {
    const { db } = this;
    // The hidden columns and the row rules as one sorted list (an older server sends no rules).
    const entries = [...scope.hidden, ...(scope.rows ?? [])].sort();
    const next = JSON.stringify(entries);
    // The scope as the pull last read it (only this function writes it): the same at nearly every page.
    if (read === next) return false;
    const stored = (await db.syncState.get('readScope'))?.value;
    if (stored === next) return false;
    const change = scopeChange(stored ? (JSON.parse(stored) as string[]) : [], entries);
    const written = [...new Set([...change.dropTables, ...change.dropRows.map((rows) => rows.table)])].map((table) => syncedTable(db, table));
    let refill = false;
    await db.transaction('rw', [db.syncState, db.deferred, db.outbox, ...written], async () => {
      for (const table of change.dropTables) {
        const columns = change.drop.filter((column) => column.startsWith(`${table}.`)).map((column) => column.slice(table.length + 1));
        const strip = (row: Record<string, unknown>) => {
          for (const column of columns) delete row[column];
        };
        await syncedTable(db, table).toCollection().modify(strip);
        await db.deferred
          .where('key')
          .startsWith(`${table}:`)
          .modify((entry) => strip(entry.row));
      }
      if (change.dropRows.length > 0) {
        // A record with work still to send stays (docs/sync-rules.md, rule 7): its answer settles it.
        const pending = new Set((await db.outbox.orderBy('touches').uniqueKeys()) as string[]);
        for (const { table, rule } of change.dropRows) {
          await syncedTable(db, table)
            .filter((row) => !keepsRow(rule, row) && !pending.has(recordKey({ table, id: row.id })))
            .delete();
        }
      }
      // Nothing pulled yet: the download brings them anyway.
      const pulled = (await db.syncState.get('cursor')) ?? (await db.syncState.get('priorityCursor'));
      if (change.fetchTables.length > 0 && pulled) {
        // With the tables a refill under way still had to bring: it starts again for all of them.
        const tables = [...new Set([...(await this.refillTables()), ...change.fetchTables])];
        await db.syncState.put({ key: 'refill', value: JSON.stringify(tables) });
        await db.syncState.delete('refillCursor');
        refill = true;
      }
      await db.syncState.put({ key: 'readScope', value: next });
    });
    return refill;
  }

  /** A pull of several pages keeps its progress beside its cursor, in the page's transaction ('Downloading… 42%'). */
  private async noteProgress(page: PullResponse, more: boolean): Promise<void> {
    const { db } = this;
    const stored = parseDownload((await db.syncState.get('download'))?.value);
    if (!more) {
      if (stored) await db.syncState.delete('download');
      return;
    }
    const progress =
      page.remaining !== undefined
        ? { total: page.changes.length + page.remaining, done: page.changes.length }
        : stored
          ? { total: Math.max(stored.total, stored.done + page.changes.length), done: stored.done + page.changes.length }
          : null;
    if (progress) await db.syncState.put({ key: 'download', value: JSON.stringify(progress) });
  }

  /**
   * The server is another database, or this one restored from a backup ('diverged'): drop the
   * mirror, keeping records with pending work, and load it again from these pages. After a
   * restore, what this device had sent goes back on the queue once the reload is complete: the
   * server answers those it still has as replays and applies those the restore lost.
   */
  private async startOver(page: PullResponse, pending: Set<string>): Promise<void> {
    const { db } = this;
    for (const table of syncedTables) {
      await syncedTable(db, table)
        .filter((row) => !pending.has(recordKey({ table, id: row.id })))
        .delete();
    }
    await db.deferred.clear();
    await db.syncState.bulkDelete(['ack', 'catchUpCursor']);
    if (page.resetReason === 'diverged') await db.syncState.put({ key: 'requeueSent', value: new Date().toISOString() });
    else await db.sent.clear(); // another database's history: nothing of it belongs here
  }

  private async requeueSent(): Promise<void> {
    const { db } = this;
    const sent = await db.sent.toArray();
    await db.outbox.bulkPut(sent.map(({ sentAt: _sentAt, at: _at, ...entry }) => entry));
    await db.sent.clear();
    await db.syncState.delete('requeueSent');
  }

  private async pruneSent(): Promise<void> {
    const cutoff = new Date(Date.now() - sentRetentionMs).toISOString();
    await this.db.sent.where('sentAt').below(cutoff).delete();
  }

  private async send(session: SyncSession, path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    const sentAt = deviceClock(this.db);
    // The device's own key proves which register it is (server/src/sync/device-keys.ts). Once made it
    // never changes (sync/client-id.ts): kept here, not read for every request. A read of it at each
    // pull page, made as the next page was asked for, came between two pages' transactions (issue 47).
    this.deviceKey ??= (await this.db.syncState.get('deviceKey'))?.value;
    const { deviceKey } = this;
    try {
      response = await this.transport.fetch(`${this.transport.baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', token: session.token, ...(deviceKey ? { [deviceKeyHeader]: deviceKey } : {}) },
      });
    } catch (error) {
      throw new UnreachableSyncError(error instanceof Error ? error.message : 'network error');
    }
    await noteServerTime(this.db, sentAt, deviceClock(this.db), response.headers.get(serverTimeHeader));
    if (response.status === 401) throw new UnauthorizedSyncError('Your session has expired. Please log in again.');
    if (response.status === updateRequiredStatus) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      throw new UpdateRequiredSyncError(body.message ?? updateRequiredMessage);
    }
    return response;
  }

  private async readBody<T>(response: Response): Promise<T> {
    if (!response.ok) throw new TransientSyncError(`server answered ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new TransientSyncError('unreadable answer');
    }
  }
}

/** The stored sync state, read whole in one request. */
const readStoredState = async (db: GarageDb): Promise<StoredState> => new Map((await db.syncState.toArray()).map((entry) => [entry.key, entry.value]));

/** Rows a pulled page gives IndexedDB at a time (putInSlices). */
const writeSlice = 250;

/**
 * A page's rows of one table written in slices, each slice given to IndexedDB as the one before it
 * is stored, in the page's transaction. Given all at once, a page of 2,000 items was one task of
 * 150 to 250 ms (their derived fields, then a structured clone each), and the screens a new device
 * opens while it downloads (a search typed, its answer drawn) waited behind each page (issue 47).
 * One slice is always waiting in IndexedDB while the next is made, so the writes never wait for
 * the page's thread.
 */
async function putInSlices(table: Table<unknown, string>, rows: readonly unknown[]): Promise<void> {
  let previous: Promise<unknown> | null = null;
  for (let at = 0; at < rows.length; at += writeSlice) {
    const written = table.bulkPut(rows.slice(at, at + writeSlice));
    written.catch(() => undefined); // a failure aborts the transaction, which the page's write answers
    if (previous) await previous;
    previous = written;
  }
  await previous;
}

async function readMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return body.message ?? `The server refused this change (${response.status}).`;
}

/**
 * The records an answer brings the server's state of: a refusal's current rows, or an applied
 * answer's touched records the server holds no row for (`missing`), which no pull will ever bring, so
 * they are written as the server has them, that is not at all.
 */
function serverStates(outcome: MutationOutcome): Map<string, RecordState> {
  return new Map(
    outcome.status === 'rejected'
      ? outcome.current.map((state) => [recordKey(state), state])
      : (outcome.missing ?? []).flatMap((key) => {
          const ref = parseRecordKey(key);
          return ref ? [[key, { ...ref, row: null } as RecordState] as const] : [];
        }),
  );
}

async function writeState(db: GarageDb, state: RecordState): Promise<void> {
  const table = syncedTable(db, state.table);
  if (state.row) await table.put(state.row as never);
  else await table.delete(state.id);
}

async function writeDeferred(db: GarageDb, deferred: DeferredRow): Promise<void> {
  const ref = parseRecordKey(deferred.key);
  if (ref) await writeState(db, { ...ref, row: deferred.deleted ? null : deferred.row });
}

export function toEnvelope(entry: OutboxEntry) {
  return {
    id: entry.id,
    clientId: entry.clientId,
    seq: entry.seq ?? 0,
    name: entry.name,
    args: entry.args,
    createdAt: entry.createdAt,
    ...(entry.clockOffsetMs !== undefined ? { clockOffsetMs: entry.clockOffsetMs } : {}),
    authorId: entry.authorId || undefined,
    touches: entry.touches,
  };
}
