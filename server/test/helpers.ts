import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/connection';
import { closeTestDb, openTestDb } from '../../tests/support/test-database';
import { createApp } from '../src/app';
import { LoginThrottle, type ThrottleOptions } from '../src/auth/login-throttle';
import { hashPassword } from '../src/auth/passwords';
import { issueToken } from '../src/auth/tokens';
import { users } from '../src/db/schema';
import type { AppDeps } from '../src/http/context';
import { ChangeNotifier } from '../src/sync/change-notifier';
import type { Role } from '@shared/domain/permissions';
import { deviceKeyHeader } from '@shared/sync/messages';

/**
 * Test harness: the real Hono app over a real SQLite file in a fresh temporary folder.
 * Nothing is mocked; every test sees exactly what a device would.
 */

export type Json = Record<string, any>;

export interface RequestOptions {
  /** An object is sent as JSON; a string is sent as is (for malformed bodies). */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  /** The parsed JSON body, or null when the body is not JSON. */
  json: Json;
  text: string;
  headers: Headers;
}

export interface CallResponse {
  status: number;
  /** The parsed JSON body; a body that is not JSON makes the call throw (and the test fail). */
  json: Json;
}

/** A user inserted straight into the database, with a session token issued for it. */
export interface SeededUser {
  id: string;
  email: string;
  token: string;
}

export interface TestServer {
  app: ReturnType<typeof createApp>;
  db: Db;
  dir: string;
  file: string;
  deps: AppDeps;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /**
   * The route tests' shorthand for request(): always sends `Content-Type: application/json` (unless
   * `headers` says otherwise), the body as JSON, and the token header unless `token` is null.
   */
  call(method: string, path: string, token: string | null, body?: unknown, headers?: Record<string, string>): Promise<CallResponse>;
  /** call() that also answers the raw body text (kept apart so that tests can toEqual call()'s answer). */
  callWithText(...args: Parameters<TestServer['call']>): Promise<CallResponse & { text: string }>;
  /** Inserts a user of the role straight into the database (active unless status is false; no login, no hashing) and issues it a token. */
  userWithRole(role: Role, options?: { status?: boolean; passwordHash?: string }): Promise<SeededUser>;
  /** Closes the database and removes the temporary folder. */
  close(): void;
}

export interface TestServerOptions {
  tokenTtlHours?: number;
  throttle?: Partial<ThrottleOptions>;
  /** Reuse an existing folder/file instead of a fresh one (restart on the same file). */
  dir?: string;
}

export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'garage-test-'));
}

export async function makeTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = options.dir ?? makeTempDir();
  const file = join(dir, 'garage.sqlite');
  const db = await openTestDb(file);
  const throttle = options.throttle ? new LoginThrottle({ windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20, ...options.throttle }) : new LoginThrottle();
  const deps: AppDeps = { db, config: { TOKEN_TTL_HOURS: options.tokenTtlHours ?? 1 }, throttle, changes: new ChangeNotifier() };
  const app = createApp(deps);
  let closed = false;
  const request: TestServer['request'] = async (method, path, requestOptions = {}) => sendRequest((input, init) => app.request(input, init), method, path, requestOptions);
  const callWithText: TestServer['callWithText'] = async (method, path, token, body, headers = {}) => {
    const response = await request(method, path, {
      token: token ?? undefined,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...(await keyOfDeviceNamed(db, path, body, headers)), ...headers },
    });
    return { status: response.status, json: JSON.parse(response.text) as Json, text: response.text };
  };

  return {
    app,
    db,
    dir,
    file,
    deps,
    request,
    callWithText,
    async call(...args) {
      const { status, json } = await callWithText(...args);
      return { status, json };
    },
    async userWithRole(role, { status = true, passwordHash = 'x' } = {}) {
      const id = randomUUID();
      const email = `${role.toLowerCase()}-${id}@test.lk`;
      await insertUser(db, { id, name: `${role} user`, email, role, status, passwordHash });
      return { id, email, token: await issueToken(db, id, deps.config.TOKEN_TTL_HOURS) };
    },
    close() {
      if (closed) return;
      closed = true;
      // Removing the folder waits for nothing; on PostgreSQL the database is dropped a moment later.
      void closeTestDb(db, file, { drop: !options.dir }).catch((error: unknown) => console.error('closing the test database failed', error));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds the request the same way for app.request() and for real fetch over a socket. */
export async function sendRequest(
  send: (input: string, init: RequestInit) => Response | Promise<Response>,
  method: string,
  path: string,
  { body, token, headers = {} }: RequestOptions = {},
): Promise<TestResponse> {
  const allHeaders: Record<string, string> = { ...headers };
  if (token !== undefined) allHeaders.token = token;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === 'string' ? body : JSON.stringify(body);
    if (!Object.keys(allHeaders).some((key) => key.toLowerCase() === 'content-type')) allHeaders['Content-Type'] = 'application/json';
  }
  const response = await send(path, { method, headers: allHeaders, body: payload });
  const text = await response.text();
  let json: Json = null as unknown as Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // not JSON; callers that care look at `text`
  }
  return { status: response.status, json, text, headers: response.headers };
}

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

let counter = 0;
/** Unique, valid credentials for a new account. */
export function newCredentials(prefix = 'user'): Credentials {
  counter += 1;
  const tag = `${prefix}${counter}-${randomUUID().slice(0, 8)}`;
  return { name: `Test ${tag}`, email: `${tag}@garage.test`, password: `pw-${tag}-secret` };
}

export async function login(server: Pick<TestServer, 'request'>, email: string, password: string): Promise<TestResponse> {
  return server.request('POST', '/api/user/login', { body: { email, password } });
}

/**
 * Registers an account through the API and logs it in. Only works for an account that becomes
 * active, i.e. the first one on a fresh server (the Admin); otherwise use createUserWithRole.
 */
export async function registerAndLogin(
  server: Pick<TestServer, 'request'>,
  credentials: Credentials = newCredentials('admin'),
): Promise<{ token: string; user: Json; credentials: Credentials }> {
  const registered = await server.request('POST', '/api/user/register', { body: credentials });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const loggedIn = await login(server, credentials.email, credentials.password);
  if (loggedIn.status !== 200) throw new Error(`login failed: ${loggedIn.status} ${loggedIn.text}`);
  return { token: loggedIn.json.token as string, user: loggedIn.json.user as Json, credentials };
}

export interface CreatedUser extends Credentials {
  id: string;
  role: Role;
  status: boolean;
}

/** Inserts a user row directly (the password hashed like the server does), for role tests. */
export async function createUserWithRole(db: Db, { role, status = true, ...given }: { role: Role; status?: boolean } & Partial<Credentials>): Promise<CreatedUser> {
  const credentials = { ...newCredentials(role.toLowerCase()), ...given };
  const id = randomUUID();
  await insertUser(db, {
    id,
    name: credentials.name,
    email: credentials.email.toLowerCase(),
    username: credentials.email.split('@')[0] ?? '',
    role,
    status,
    passwordHash: await hashPassword(credentials.password),
  });
  return { ...credentials, email: credentials.email.toLowerCase(), id, role, status };
}

async function insertUser(db: Db, user: Omit<typeof users.$inferInsert, 'createdAt' | 'updatedAt'>): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insert(users)
    .values({ ...user, createdAt: now, updatedAt: now })
    .run();
}

/** Creates an active user of the role and logs it in through the API; returns its token. */
export async function tokenForRole(server: Pick<TestServer, 'db' | 'request'>, role: Role): Promise<string> {
  const user = await createUserWithRole(server.db, { role, status: true });
  const response = await login(server, user.email, user.password);
  if (response.status !== 200) throw new Error(`login as ${role} failed: ${response.status} ${response.text}`);
  return response.json.token as string;
}

/** Row count of a table, straight from SQLite. */
export async function countRows(db: Db, table: string, where = '1 = 1'): Promise<number> {
  return ((await db.$client.prepare(`SELECT COUNT(*) AS n FROM "${table}" WHERE ${where}`).get()) as { n: number }).n;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A POST that must succeed (test setup): answers its JSON, or throws with the server's words. */
export async function postOk(server: Pick<TestServer, 'call'>, token: string, path: string, body: Json): Promise<Json> {
  const response = await server.call('POST', path, token, body);
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json;
}

/**
 * A test's sync request plays the device it names (a push's `clientId`, a pull's `client=`), so it
 * carries that device's key as the app's would, unless the test sets the header itself (to '' for none:
 * server/test/device-keys.test.ts sends another device's requests).
 */
async function keyOfDeviceNamed(db: Db, path: string, body: unknown, headers: Record<string, string>): Promise<Record<string, string>> {
  if (deviceKeyHeader in headers || !path.startsWith('/api/sync/') || !db.$client.open) return {};
  const named = (body as { clientId?: unknown } | undefined)?.clientId ?? new URL(path, 'http://test').searchParams.get('client');
  return typeof named === 'string' ? deviceKeyHeaders({ db }, named) : {};
}

/**
 * The header a registered device's requests carry its own key in (server/src/sync/device-keys.ts),
 * read from the test's database: the device the test plays is that register. None for a device the
 * server gave no key (not registered, or registered before keys).
 */
export async function deviceKeyHeaders(server: { db?: Db }, clientId: string): Promise<Record<string, string>> {
  const key = server.db ? ((await server.db.$client.prepare('SELECT key FROM devices WHERE clientId = ?').pluck().get(clientId)) as string | null | undefined) : undefined;
  return key ? { [deviceKeyHeader]: key } : {};
}

/**
 * A device pushing one entry at a time, as its outbox would, in `seq` order: answers the entry's
 * outcome. `createdAt` is the device's clock when the entry was made (now unless given).
 */
export function devicePusher(server: Pick<TestServer, 'call'> & { db?: Db }, token: string, clientId: string) {
  let seq = 0;
  return async (name: string, args: Json, createdAt = new Date().toISOString()): Promise<Json> => {
    seq += 1;
    const body = { clientId, mutations: [{ id: randomUUID(), clientId, seq, name, args, createdAt }] };
    const response = await server.call('POST', '/api/sync/push', token, body, await deviceKeyHeaders(server, clientId));
    if (response.status !== 200) throw new Error(`push ${name}: ${response.status} ${JSON.stringify(response.json)}`);
    return response.json.results[0] as Json;
  };
}
