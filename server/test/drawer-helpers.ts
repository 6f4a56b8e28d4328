// Two registers and their drawers on a real server and SQLite file, for the drawer tests: pushes as
// each register's device, sessions opened and closed, cash sales, and the rows as stored.
import { afterEach, beforeEach, expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, makeTestServer, postOk, type Json, type TestServer } from './helpers';

export interface PushOptions {
  id?: string;
  /** The device's clock when the entry was made (now unless given). */
  createdAt?: string;
  clockOffsetMs?: number;
  token?: string;
  /** The register code the device says it holds (a push's `deviceCode`). */
  deviceCode?: string;
}

const dayMs = 24 * 3600_000;

/**
 * A fresh server for each test with registers A and B given their codes. Their devices' rows say
 * the server met them `metDaysAgo` days ago: a device's time is not believed before it was met
 * (shared/domain/device-time.ts), and these tests date records minutes and hours back.
 */
export function useDrawerServer({ metDaysAgo = 30 } = {}) {
  let server: TestServer;
  let admin: { id: string; token: string };
  let codes: { a: string; b: string };
  let sold = 0;

  beforeEach(async () => {
    server = await makeTestServer();
    admin = await server.userWithRole('Admin');
    codes = {
      a: (await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-a' })).code,
      b: (await postOk(server, admin.token, '/api/sync/device', { clientId: 'register-b' })).code,
    };
    await server.db.$client.prepare('UPDATE devices SET createdAt = ?').run(new Date(Date.now() - metDaysAgo * dayMs).toISOString());
  });
  afterEach(() => server.close());

  /** Entries pushed by a device in one push, as its outbox would: their outcomes. */
  async function pushMany(clientId: string, entries: { name: string; args: Json; options?: PushOptions }[], token = admin.token): Promise<Json[]> {
    const deviceCode = entries[0]?.options?.deviceCode;
    const response = await server.call('POST', '/api/sync/push', token, {
      clientId,
      ...(deviceCode ? { deviceCode } : {}),
      mutations: entries.map(({ name, args, options = {} }, i) => ({
        id: options.id ?? randomUUID(),
        clientId,
        seq: i + 1,
        name,
        args,
        createdAt: options.createdAt ?? new Date().toISOString(),
        ...(options.clockOffsetMs === undefined ? {} : { clockOffsetMs: options.clockOffsetMs }),
      })),
    });
    expect(response.status).toBe(200);
    return response.json.results as Json[];
  }
  const pushFrom = async (clientId: string, name: string, args: Json, options: PushOptions = {}) => (await pushMany(clientId, [{ name, args, options }], options.token))[0]!;
  const pushA = async (name: string, args: Json, options?: PushOptions) => pushFrom('register-a', name, args, options);

  const session = async (id: string) => (await server.db.$client.prepare('SELECT * FROM drawer_sessions WHERE id = ?').get(id)) as Json;

  /** Register A opens a session with a Rs. `float` float: its id. */
  async function openA(float = 5000, createdAt?: string): Promise<string> {
    const id = randomUUID();
    expect(await pushA('openDrawer', { id, float }, { createdAt })).toMatchObject({ status: 'applied' });
    return id;
  }

  /** A close's arguments; the difference's reason is given when the count differs, unless `differenceReason` says otherwise. */
  const closeArgs = (sessionId: string, zNumber: string, expected: number, count: Json = { 500_000: 1 }, differenceReason?: string) => ({
    sessionId,
    zNumber,
    count,
    expected,
    differenceReason: differenceReason ?? (expected * 100 === countedOf(count) ? '' : 'Counted again'),
  });

  /** A cash sale of a Rs. `price` service to a guest on register A, paid in full: its invoice id. */
  async function sellOnA(price: number, createdAt?: string): Promise<string> {
    const id = randomUUID();
    const outcome = await pushA('checkoutSale', { ...guestCashSale(`INV-${codes.a}-${String(++sold).padStart(5, '0')}`, price), id }, { createdAt });
    expect(outcome).toMatchObject({ status: 'applied' });
    return id;
  }

  return {
    get server() {
      return server;
    },
    get admin() {
      return admin;
    },
    get codeA() {
      return codes.a;
    },
    get codeB() {
      return codes.b;
    },
    pushMany,
    pushFrom,
    pushA,
    session,
    openA,
    closeArgs,
    sellOnA,
    drawerRows: async () => countRows(server.db, 'drawer_sessions'),
  };
}

/** A device's cash sale of a Rs. `price` service to a guest, paid in full, under the number it printed. */
export const guestCashSale = (invoiceNo: string, price: number) => ({
  id: randomUUID(),
  invoiceNo,
  date: new Date().toISOString(),
  customerId: null,
  guest: true,
  lines: [{ id: randomUUID(), kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice: price }],
  taxRatePercent: 0,
  pricesIncludeTax: true,
  total: price,
  payment: { id: randomUUID(), method: 'Cash', tendered: price },
});

export const countedOf = (count: Json) => Object.entries(count).reduce((sum, [cents, pieces]) => sum + Number(cents) * Number(pieces), 0);

/** An ISO time `ms` before now. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
