// Issue 28, 'When all else fails': a tablet that cannot reach the server exports its unsent changes
// as a file; an Admin sends the file from another device. Each change is recorded once, as the
// tablet's (its register code on the invoice) and as its author's; when the tablet reconnects and
// sends the same changes, nothing is recorded twice and no problem is raised.
// Issue 42, point 1: the file passes through hands that may edit it. Each entry carries its author's
// signature and the file its exporter's; an edited file is refused whole, and each entry runs with
// the rights its author holds now. The Admin sees what the file does before sending it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, type TestSession } from './harness';
import { outboxFileOf } from '@/features/sync-status/api/export-outbox';
import { outboxFileWords, readOutboxFile, type OutboxFile } from '@shared/sync/outbox-file';
import type { ImportSummary } from '@shared/sync/import-summary';
import type { PushResponse } from '@shared/sync/messages';
import { authorSigningKey, hmacHex } from '@server/sync/signing-keys';
import { entryKeyFor } from '@server/sync/device-keys';
import { entrySigningText, fileSigningText } from '@shared/sync/entry-signature';

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

const count = async (table: string, where = '1 = 1') => ((await server.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).get()) as { n: number }).n;
const authorOf = async (id: string) => ((await server.db.$client.prepare('SELECT userId FROM applied_mutations WHERE id = ?').get(id)) as { userId: string } | undefined)?.userId;
const logged = async (id: string) => count('applied_mutations', `id = '${id}'`);

async function sendFile(session: TestSession, file: OutboxFile): Promise<{ status: number; body: PushResponse & { message?: string } }> {
  const response = await server.api('/api/sync/push', {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.token },
    body: JSON.stringify({ clientId: file.clientId, deviceCode: file.deviceCode, imported: true, mutations: file.entries.map(({ authorName: _name, ...entry }) => entry) }),
  });
  return { status: response.status, body: (await response.json()) as PushResponse & { message?: string } };
}

async function checkFile(session: TestSession, file: OutboxFile): Promise<{ status: number; body: { summary?: ImportSummary; message?: string } }> {
  const response = await server.api('/api/sync/import/check', {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.token },
    body: JSON.stringify(file),
  });
  return { status: response.status, body: (await response.json()) as { summary?: ImportSummary; message?: string } };
}

/** The file as the Admin's device reads it back from disk. */
async function exported(device: Device, exporter: TestSession): Promise<OutboxFile> {
  const read = readOutboxFile(JSON.stringify(await outboxFileOf(device.db, exporter.author)));
  if ('problem' in read) throw new Error(read.problem);
  return read.file;
}

const newCustomer = (name: string) => ({
  id: randomUUID(),
  customerName: name,
  email: `${name.split(' ')[0]!.toLowerCase()}.${random.int(1000, 9999)}@example.com`,
  phone: '0770001112',
  address: '1 Main Street',
  vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CAA-${random.int(1000, 9999)}`, vin: '' }],
});

function offlineTablet(name: string, session: TestSession): Device {
  const tablet = new Device(name, server, random.fork());
  devices.push(tablet);
  tablet.logIn(session);
  return tablet;
}

describe("a tablet's unsent changes sent from another device", () => {
  it('are checked and summed up for the Admin, recorded once as the tablet and their author; the tablet sending them later changes nothing', async () => {
    const tablet = offlineTablet('workshop-tablet', kamal);
    const code = await tablet.ensureDeviceCode();
    tablet.net.offline = true;
    const customer = await tablet.run('createCustomer', newCustomer('Saman Kumara'));
    const sale = await tablet.sell({
      customerId: customer.args.id,
      lines: [{ kind: 'service', refId: null, name: 'Full service', quantity: 1, unitPrice: 9500 }],
      tendered: 10_000,
    });

    const file = await exported(tablet, kamal);
    expect(file.entries.map((entry) => entry.authorId)).toEqual([kamal.author.id, kamal.author.id]);
    expect(file.entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.signature ?? ''))).toBe(true);
    expect(file.deviceCode).toBe(code);
    expect(readOutboxFile('{"format":"something else"}')).toEqual({ problem: outboxFileWords.notAnExport });
    expect(readOutboxFile('not json')).toEqual({ problem: outboxFileWords.notAnExport });
    expect(readOutboxFile(JSON.stringify({ ...file, version: 1 }))).toEqual({ problem: outboxFileWords.olderExport });

    // A Staff member may neither check nor send another device's changes.
    expect((await checkFile(kamal, file)).status).toBe(403);
    expect((await sendFile(kamal, file)).status).toBe(403);
    expect(await count('invoices')).toBe(0);

    // What the Admin sees before sending: kinds, authors with the role they act with, the money.
    const checked = await checkFile(server.admin, file);
    expect(checked.status).toBe(200);
    expect(checked.body.summary).toMatchObject({
      changes: 2,
      deviceCode: code,
      exportedBy: 'Kamal',
      kinds: [
        { name: 'checkoutSale', count: 1 },
        { name: 'createCustomer', count: 1 },
      ],
      authors: [{ id: kamal.author.id, name: 'Kamal', role: 'Staff', active: true, known: true, count: 2 }],
      money: [{ kind: 'Sales', cents: 950_000 }],
    });
    expect(await count('invoices')).toBe(0); // checking applies nothing

    const sent = await sendFile(server.admin, file);
    expect(sent.status).toBe(200);
    expect(sent.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await count('customers', "customerName = 'Saman Kumara'")).toBe(1);
    expect(await count('invoices', `invoiceNo LIKE 'INV-${code}-%'`)).toBe(1);
    expect([await authorOf(customer.id), await authorOf(sale.id)]).toEqual([kamal.author.id, kamal.author.id]);

    // Sent twice: the same answers, nothing more.
    expect((await sendFile(server.admin, file)).body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
    expect(await count('invoices')).toBe(1);
    expect(await count('payments')).toBe(1);

    // The tablet reconnects: its outbox empties without a problem, and nothing is recorded twice.
    tablet.net.offline = false;
    await tablet.syncClean();
    expect(await tablet.outboxSize()).toBe(0);
    expect(await tablet.db.problems.count()).toBe(0);
    expect(await count('invoices')).toBe(1);
    expect(await count('payments')).toBe(1);
    expect(await tablet.mirror()).toEqual(await server.mirror('Staff')); // Kamal's tablet holds no costs
  });
});

describe('an edited file (issue 42, point 1)', () => {
  /** A Staff member's file with one customer and one cost price change a Manager made on the same tablet. */
  async function mixedFile() {
    const manager = await server.addUser(`Manager ${random.int(100, 999)}`, 'Manager');
    const tablet = offlineTablet(`tablet-${random.int(1000, 9999)}`, kamal);
    await tablet.ensureDeviceCode();
    tablet.net.offline = true;
    const customer = await tablet.run('createCustomer', newCustomer('Nuwan Silva'));
    return { manager, tablet, customer, file: await exported(tablet, kamal) };
  }

  const refusedWhole = async (file: OutboxFile) => {
    const before = await count('applied_mutations');
    const checked = await checkFile(server.admin, file);
    expect([checked.status, checked.body.message]).toEqual([422, outboxFileWords.edited]);
    const sent = await sendFile(server.admin, file);
    expect([sent.status, sent.body.message]).toEqual([422, outboxFileWords.edited]);
    expect(await count('applied_mutations')).toBe(before);
  };

  it("an entry moved to a Manager's name is refused whole, and nothing in it is applied", async () => {
    const { manager, customer, file } = await mixedFile();
    const forged = { ...file, entries: file.entries.map((entry) => ({ ...entry, authorId: manager.author.id })) };
    await refusedWhole(forged);
    expect(await logged(customer.id)).toBe(0);
  });

  it('an entry with its author taken away is refused', async () => {
    const { file } = await mixedFile();
    await refusedWhole({ ...file, entries: file.entries.map(({ authorId: _author, ...entry }) => entry) });
  });

  it('an entry changed or added is refused whole, checked or sent', async () => {
    const { file } = await mixedFile();
    const entry = file.entries[0]!;
    await refusedWhole({ ...file, entries: [{ ...entry, args: { ...(entry.args as object), customerName: 'Someone Else' } }] });
    await refusedWhole({ ...file, entries: [...file.entries, { ...entry, id: randomUUID() }] });
  });

  it('an entry dropped, the register changed or the signature taken off: the check refuses the file, so the Admin never sends it', async () => {
    const { file } = await mixedFile();
    for (const edited of [
      { ...file, entries: [] },
      { ...file, deviceCode: 'DZZZZ' },
      { ...file, exportedBy: 'Manager' },
      { ...file, signature: undefined },
    ]) {
      const checked = await checkFile(server.admin, edited);
      expect([checked.status, checked.body.message]).toEqual([422, outboxFileWords.edited]);
    }
  });

  it("a Staff member who signs with their own key cannot make an entry act as a Manager's", async () => {
    const { manager, file } = await mixedFile();
    // The Staff member's own key (as their device holds it) re-signs an entry naming the Manager.
    const entry = { ...file.entries[0]!, id: randomUUID(), authorId: manager.author.id };
    const signature = hmacHex(kamal.author.signingKey!, entrySigningText(entry));
    const entries = [{ ...entry, signature }];
    const { signature: _old, ...header } = file;
    await refusedWhole({ ...header, entries, signature: hmacHex(kamal.author.signingKey!, fileSigningText({ ...header, entries })) });
  });
});

describe('an entry runs with the rights its author holds now', () => {
  it("a deactivated author's changes are refused and kept unrecorded, then applied once the account is active again", async () => {
    const nimal = await server.addUser('Nimal', 'Staff');
    const tablet = offlineTablet('counter-2', nimal);
    await tablet.ensureDeviceCode();
    tablet.net.offline = true;
    const customer = await tablet.run('createCustomer', newCustomer('Ruwan Jayasinghe'));
    const file = await exported(tablet, nimal);

    const update = async (status: boolean) =>
      server.api('/api/user/update-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: server.admin.token },
        body: JSON.stringify({ id: nimal.author.id, name: 'Nimal', email: nimal.email, role: 'Staff', status }),
      });
    expect((await update(false)).status).toBe(200);

    expect((await checkFile(server.admin, file)).body.summary?.authors).toEqual([expect.objectContaining({ name: 'Nimal', active: false, known: true, count: 1 })]);
    const refused = (await sendFile(server.admin, file)).body.results[0] as { status: string; httpStatus?: number; message?: string };
    expect([refused.status, refused.httpStatus, refused.message]).toEqual(['rejected', 403, outboxFileWords.authorInactive('Nimal')]);
    expect(await logged(customer.id)).toBe(0);

    expect((await update(true)).status).toBe(200);
    expect((await sendFile(server.admin, file)).body.results.map((result) => result.status)).toEqual(['applied']);
    expect(await authorOf(customer.id)).toBe(nimal.author.id);
  });

  it('a Manager demoted to Staff before the file is sent: a change only a Manager may make is refused', async () => {
    const priya = await server.addUser('Priya', 'Manager');
    const tablet = offlineTablet('back-office', priya);
    await tablet.ensureDeviceCode();
    tablet.net.offline = true;
    const category = await tablet.run('createCategory', { id: randomUUID(), name: `Filters ${random.int(100, 999)}` });
    const file = await exported(tablet, priya);

    const demoted = await server.api('/api/user/update-user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: server.admin.token },
      body: JSON.stringify({ id: priya.author.id, name: 'Priya', email: priya.email, role: 'Staff', status: true }),
    });
    expect(demoted.status).toBe(200);
    expect((await checkFile(server.admin, file)).body.summary?.authors).toEqual([expect.objectContaining({ role: 'Staff' })]);
    const result = (await sendFile(server.admin, file)).body.results[0] as { status: string; httpStatus?: number };
    expect([result.status, result.httpStatus]).toEqual(['rejected', 403]);
    expect(await count('categories', `id = '${category.args.id}'`)).toBe(0);
  });

  it('an entry whose author this server does not know is refused in words, unrecorded; the rest is recorded', async () => {
    const tablet = offlineTablet('old-tablet', kamal);
    await tablet.ensureDeviceCode();
    tablet.net.offline = true;
    await tablet.run('createCustomer', newCustomer('Chaminda Perera'));
    const file = await exported(tablet, kamal);
    // A user deleted since (or of a server this one was restored over): signed, but unknown here.
    const ghost = 'a-user-deleted-since';
    const stray = { ...file.entries[0]!, id: randomUUID(), authorId: ghost, args: newCustomer('Kasun Perera') };
    const strayEntry = { ...stray, signature: hmacHex((await entryKeyFor(server.db, await authorSigningKey(server.db, ghost), stray.clientId))!, entrySigningText(stray)) };
    const sent = await sendFile(server.admin, { ...file, entries: [...file.entries, strayEntry] });
    const [first, second] = sent.body.results as { status: string; httpStatus?: number; message?: string }[];
    expect([first!.status, second!.status, second!.httpStatus]).toEqual(['applied', 'rejected', 422]);
    expect(second!.message).toBe('The author of this change is not a user of this server; it was not applied.');
    expect(await logged(strayEntry.id)).toBe(0);
    expect(await count('customers', "customerName = 'Chaminda Perera'")).toBe(1);
    expect(await count('customers', "customerName = 'Kasun Perera'")).toBe(0);
  });
});
