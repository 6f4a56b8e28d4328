import type { GarageDb, OutboxEntry } from '../db/db';
import { recordKey, syncedTable } from '../db/db';
import type { MutationOutcome, PullResponse, PushResponse, RecordState } from '../../../shared/sync/messages';
import { syncedTables } from '../../../shared/sync/tables';

export interface SyncTransport {
  fetch: typeof fetch;
  baseUrl: string;
  getToken: () => string | null;
}

/** Network down, 5xx, 429: try again later with backoff. */
export class TransientSyncError extends Error {}
/** The token is missing or refused: wait for a new login; the outbox stays. */
export class UnauthorizedSyncError extends Error {}

const pushBatchSize = 50;
// The server takes up to 6 MB on push; a batch holding logos stays well under it.
const pushBodyBudget = 4 * 1024 * 1024;

/** The longest prefix of the batch that fits the body budget (always at least one entry). */
function fitToBody(batch: OutboxEntry[]): OutboxEntry[] {
  let size = 0;
  const fitted: OutboxEntry[] = [];
  for (const entry of batch) {
    size += JSON.stringify(entry.args).length + 200;
    if (fitted.length > 0 && size > pushBodyBudget) break;
    fitted.push(entry);
  }
  return fitted;
}

/**
 * One device's sync: push the outbox in order, then pull the change feed (sync.md rules 3–7).
 * Not re-entrant: callers go through `sync()`, which joins a run already under way.
 */
export class SyncEngine {
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: GarageDb,
    private readonly transport: SyncTransport,
  ) {}

  sync(): Promise<void> {
    this.running ??= this.pushThenPull().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pushThenPull(): Promise<void> {
    await this.push();
    await this.pull();
    await this.db.syncState.put({ key: 'lastSyncAt', value: new Date().toISOString() });
  }

  async push(): Promise<void> {
    for (;;) {
      const batch = fitToBody(await this.db.outbox.orderBy('seq').limit(pushBatchSize).toArray());
      if (batch.length === 0) return;
      const response = await this.request<PushResponse & { stopped?: string }>('/api/sync/push', {
        method: 'POST',
        body: JSON.stringify({ clientId: batch[0]!.clientId, mutations: batch.map(toEnvelope) }),
      });
      for (const outcome of response.results) await this.settle(batch, outcome);
      if (response.stopped || response.results.length < batch.length) throw new TransientSyncError(response.stopped ?? 'push incomplete');
    }
  }

  /** Takes an answered mutation off the queue; a refusal goes to the problems list and is undone. */
  private async settle(batch: OutboxEntry[], outcome: MutationOutcome): Promise<void> {
    const entry = batch.find((candidate) => candidate.id === outcome.id);
    if (!entry) return;
    await this.db.transaction('rw', [this.db.outbox, this.db.problems, ...syncedTables.map((t) => syncedTable(this.db, t))], async () => {
      await this.db.outbox.where('id').equals(entry.id).delete();
      if (outcome.status === 'applied') return;
      await this.db.problems.add({
        mutation: entry,
        message: outcome.message,
        httpStatus: outcome.httpStatus,
        at: new Date().toISOString(),
        current: outcome.current,
      });
      for (const state of outcome.current) await this.restore(state);
    });
  }

  /** Puts back the server's state of a record, unless later local work on it is still pending. */
  private async restore(state: RecordState): Promise<void> {
    if ((await this.db.outbox.where('recordKey').equals(recordKey(state.table, state.id)).count()) > 0) return;
    const table = syncedTable(this.db, state.table);
    if (state.row) await table.put(state.row as never);
    else await table.delete(state.id);
  }

  async pull(): Promise<void> {
    for (;;) {
      const since = (await this.db.syncState.get('cursor'))?.value ?? '';
      const page = await this.request<PullResponse>(`/api/sync/pull?since=${encodeURIComponent(since)}`, { method: 'GET' });
      await this.applyPage(page);
      if (!page.hasMore) return;
    }
  }

  private async applyPage(page: PullResponse): Promise<void> {
    const tables = syncedTables.map((t) => syncedTable(this.db, t));
    await this.db.transaction('rw', [this.db.outbox, this.db.syncState, ...tables], async () => {
      const pending = new Set((await this.db.outbox.orderBy('recordKey').uniqueKeys()) as string[]);
      if (page.reset) {
        // The server is another database (or we are too far behind): start the mirror again,
        // keeping only the records that still have local work waiting to be sent.
        for (const table of syncedTables) {
          await syncedTable(this.db, table)
            .filter((row) => !pending.has(recordKey(table, row.id)))
            .delete();
        }
      }
      // A page holds each record at most once (its latest version), so one bulk write per table
      // is the same as writing the changes in order, and several times faster.
      for (const table of syncedTables) {
        const changes = page.changes.filter((c) => c.table === table && !pending.has(recordKey(table, c.id))); // rule 7
        if (changes.length === 0) continue;
        await syncedTable(this.db, table).bulkPut(changes.filter((c) => !c.deleted).map((c) => c.row as never));
        await syncedTable(this.db, table).bulkDelete(changes.filter((c) => c.deleted).map((c) => c.id));
      }
      await this.db.syncState.put({ key: 'cursor', value: page.cursor });
    });
  }

  private async request<T>(path: string, init: RequestInit): Promise<T> {
    const token = this.transport.getToken();
    if (!token) throw new UnauthorizedSyncError('Not logged in');
    let response: Response;
    try {
      response = await this.transport.fetch(`${this.transport.baseUrl}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', token },
      });
    } catch (error) {
      throw new TransientSyncError(error instanceof Error ? error.message : 'network error');
    }
    if (response.status === 401) throw new UnauthorizedSyncError('Your session has expired. Please log in again.');
    if (!response.ok) throw new TransientSyncError(`server answered ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new TransientSyncError('unreadable answer');
    }
  }
}

function toEnvelope(entry: OutboxEntry) {
  return { id: entry.id, clientId: entry.clientId, seq: entry.seq ?? 0, name: entry.name, args: entry.args, createdAt: entry.createdAt };
}
