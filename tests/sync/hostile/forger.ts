// A Staff member who edits what their own register sends (issue 42, 'Money no one can forge'):
// envelopes built by hand and pushed with their own session under their register's client id, as
// server/test/helpers.ts devicePusher does, and REST calls with their token. Each push is timed:
// the run holds that no push takes longer than 2 s.
import { timed, type Device, type PushTime, type TestServer, type TestSession } from '../harness';
import { getClientId } from '@/sync/client-id';
import type { MutationName } from '@shared/mutations/definitions';
import { deviceKeyHeader, type MutationEnvelope, type MutationOutcome } from '@shared/sync/messages';

export type Envelope = MutationEnvelope & { name: MutationName; args: Record<string, unknown> };

export class Forger {
  /** How long each push this forger sent took (its own, and the imports it sent for an Admin). */
  readonly pushTimes: PushTime[] = [];
  /** The first envelope pushed under each mutation id, for replays. */
  readonly pushed = new Map<string, Envelope>();
  /** The server's last answer to each mutation id pushed (a 425 or 5xx is answered but not recorded there). */
  readonly answers = new Map<string, MutationOutcome>();
  private seq = 1_000_000;

  private constructor(
    private readonly server: TestServer,
    readonly session: TestSession,
    readonly clientId: string,
    private readonly newId: () => string,
    /** The register's own key (server/src/sync/device-keys.ts): the forger is on the register, so holds it. */
    private readonly deviceKey: string | undefined,
  ) {}

  /** A forger at `device`'s register, with the session of the Staff member logged in there; `newId` names its entries. */
  static async at(server: TestServer, device: Device, session: TestSession, newId: () => string): Promise<Forger> {
    return new Forger(server, session, await getClientId(device.db), newId, (await device.db.syncState.get('deviceKey'))?.value);
  }

  /** An entry as the register would queue it; `createdAt` is the register's clock (set back, for a backdated one). */
  envelope(name: MutationName, args: Record<string, unknown>, options: { createdAt?: string; id?: string } = {}): Envelope {
    this.seq += 1;
    return {
      id: options.id ?? this.newId(),
      clientId: this.clientId,
      seq: this.seq,
      name,
      args,
      createdAt: options.createdAt ?? new Date().toISOString(),
      clockOffsetMs: 0,
      authorId: this.session.author.id,
    };
  }

  /** Pushes the envelopes as the register would (one request); the server's answer to each. */
  async push(...envelopes: Envelope[]): Promise<MutationOutcome[]> {
    for (const envelope of envelopes) if (!this.pushed.has(envelope.id)) this.pushed.set(envelope.id, structuredClone(envelope));
    const { status, json } = await this.timedPush(this.session, { clientId: this.clientId, mutations: envelopes });
    if (status !== 200) throw new Error(`forged push answered ${status}: ${JSON.stringify(json)}`);
    const { results } = json as { results: MutationOutcome[] };
    for (const outcome of results) this.answers.set(outcome.id, outcome);
    return results;
  }

  /** One entry pushed under another register's clientId with `key` (none, or one made up): the status. */
  async pushAs(clientId: string, key: string | undefined, name: MutationName, args: Record<string, unknown>): Promise<{ status: number }> {
    const envelope = { ...this.envelope(name, args), clientId };
    const headers = { 'content-type': 'application/json', token: this.session.token, ...(key ? { [deviceKeyHeader]: key } : {}) };
    const response = await this.server.api('/api/sync/push', { method: 'POST', headers, body: JSON.stringify({ clientId, mutations: [envelope] }) });
    await response.body?.cancel();
    return { status: response.status };
  }

  /** One forged entry pushed alone; its answer. */
  async pushOne(name: MutationName, args: Record<string, unknown>, options: { createdAt?: string; id?: string } = {}): Promise<{ envelope: Envelope; outcome: MutationOutcome }> {
    const envelope = this.envelope(name, args, options);
    const [outcome] = await this.push(envelope);
    return { envelope, outcome: outcome! };
  }

  /** A push request as someone else sends it (an Admin sending an imported file), timed like the rest. */
  async timedPush(session: TestSession, body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
    return timed(this.pushTimes, () => this.call(session, 'POST', '/api/sync/push', body));
  }

  /** A REST call with `session`'s token: the status and the body. */
  async call(session: TestSession, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await this.server.api(path, {
      method,
      headers: { 'content-type': 'application/json', token: session.token, ...(this.deviceKey && path.startsWith('/api/sync/') ? { [deviceKeyHeader]: this.deviceKey } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  }
}
