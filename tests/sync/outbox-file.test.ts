// Issue 28, 'When all else fails': a tablet that cannot reach the server exports its unsent changes
// as a file; an Admin sends the file from another device. Each change is recorded once, as the
// tablet's (its register code on the invoice) and as its author's; when the tablet reconnects and
// sends the same changes, nothing is recorded twice and no problem is raised.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, type TestSession } from './harness';
import { outboxFileOf } from '@/features/sync-status/api/export-outbox';
import { readOutboxFile, type OutboxFile } from '@shared/sync/outbox-file';
import type { PushResponse } from '@shared/sync/messages';

let server: TestServer;
let kamal: TestSession;
let devices: Device[] = [];
const random = new Random(28_0028);

beforeAll(async () => {
  server = await TestServer.start();
  kamal = await server.addUser('Kamal', 'Staff');
});
afterEach(() => {
  for (const d of devices) d.close();
  devices = [];
});
afterAll(async () => {
  await server.stop();
});

const count = (table: string, where = '1 = 1') => (server.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get() as { n: number }).n;
const authorOf = (id: string) => (server.db.$client.prepare('SELECT userId FROM applied_mutations WHERE id = ?').get(id) as { userId: string } | undefined)?.userId;

async function sendFile(session: TestSession, file: OutboxFile): Promise<{ status: number; body: PushResponse }> {
  const response = await server.api('/api/sync/push', {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.token },
    body: JSON.stringify({ clientId: file.clientId, deviceCode: file.deviceCode, imported: true, mutations: file.entries.map(({ authorName: _name, ...entry }) => entry) }),
  });
  return { status: response.status, body: (await response.json()) as PushResponse };
}

describe("a tablet's unsent changes sent from another device", () => {
  it('are recorded once, as the tablet and their author; the tablet sending them later changes nothing', async () => {
    const tablet = new Device('workshop-tablet', server, random.fork());
    devices.push(tablet);
    tablet.logIn(kamal);
    const code = await tablet.ensureDeviceCode();
    tablet.net.offline = true;
    const customer = await tablet.run('createCustomer', {
      id: randomUUID(),
      customerName: 'Saman Kumara',
      email: 'saman@example.com',
      phone: '0712223344',
      address: '7 Lake Road',
      vehicles: [{ make: 'Honda', model: 'Grace', year: 2016, licensePlate: 'CBA-4321', vin: '' }],
    });
    const sale = await tablet.sell({
      customerId: customer.args.id,
      lines: [{ kind: 'service', refId: null, name: 'Full service', quantity: 1, unitPrice: 9500 }],
      tendered: 10_000,
    });

    // The file, as the tablet saves it, read back as the Admin's device reads it.
    const file = readOutboxFile(JSON.stringify(await outboxFileOf(tablet.db, 'Kamal')))!;
    expect(file).not.toBeNull();
    expect(file.entries.map((entry) => entry.authorId)).toEqual([kamal.author.id, kamal.author.id]);
    expect(file.deviceCode).toBe(code);
    expect(readOutboxFile('{"format":"something else"}')).toBeNull();
    expect(readOutboxFile('not json')).toBeNull();

    // A Staff member may not send another device's changes.
    expect((await sendFile(kamal, file)).status).toBe(403);
    expect(count('invoices')).toBe(0);

    const sent = await sendFile(server.admin, file);
    expect(sent.status).toBe(200);
    expect(sent.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(count('customers', "customerName = 'Saman Kumara'")).toBe(1);
    expect(count('invoices', `invoiceNo LIKE 'INV-${code}-%'`)).toBe(1);
    expect([authorOf(customer.id), authorOf(sale.id)]).toEqual([kamal.author.id, kamal.author.id]);

    // Sent twice: the same answers, nothing more.
    expect((await sendFile(server.admin, file)).body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(count('invoices')).toBe(1);
    expect(count('payments')).toBe(1);

    // The tablet reconnects: its outbox empties without a problem, and nothing is recorded twice.
    tablet.net.offline = false;
    await tablet.syncClean();
    expect(await tablet.outboxSize()).toBe(0);
    expect(await tablet.db.problems.count()).toBe(0);
    expect(count('invoices')).toBe(1);
    expect(count('payments')).toBe(1);
    expect(await tablet.mirror()).toEqual(server.mirror());
  });

  it('an entry whose author this server does not know is refused in words; the rest is recorded', async () => {
    const tablet = new Device('old-tablet', server, random.fork());
    devices.push(tablet);
    tablet.logIn(kamal);
    tablet.net.offline = true;
    const customer = (name: string) => ({
      id: randomUUID(),
      customerName: name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '0770001112',
      address: '1 Main Street',
      vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CAA-${random.int(1000, 9999)}`, vin: '' }],
    });
    await tablet.run('createCustomer', customer('Nuwan Silva'));
    const file = await outboxFileOf(tablet.db, 'Kamal');
    const stranger = { ...file.entries[0]!, id: randomUUID(), authorId: 'a-user-of-another-server', args: customer('Kasun Perera') };
    const sent = await sendFile(server.admin, { ...file, entries: [...file.entries, stranger] });
    const [first, second] = sent.body.results as { status: string; httpStatus?: number; message?: string }[];
    expect([first!.status, second!.status, second!.httpStatus]).toEqual(['applied', 'rejected', 422]);
    expect(second!.message).toBe('The author of this change is not a user of this server; it was not applied.');
    expect(count('customers', "customerName = 'Nuwan Silva'")).toBe(1);
    expect(count('customers', "customerName = 'Kasun Perera'")).toBe(0);
  });
});
