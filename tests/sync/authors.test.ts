// Issue 6, defect 1: an outbox entry belongs to the user who made it. It is sent only with that
// user's session, the server records that user as its author, and the role is checked on the
// device before anything is queued. Two users share one device here, as a workshop tablet is shared.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Device, Random, TestServer, type TestSession } from './harness';
import { ValidationError, roleRefusedMessage } from '@/sync/local-mutation';

let server: TestServer;
let nimal: TestSession; // Manager: may edit the catalogue
let kamal: TestSession; // Staff: may add and edit customers, not categories
let devices: Device[] = [];
const random = new Random(20261123);

beforeAll(async () => {
  server = await TestServer.start();
  nimal = await server.addUser('Nimal', 'Manager');
  kamal = await server.addUser('Kamal', 'Staff');
});
afterEach(() => {
  for (const device of devices) device.close();
  devices = [];
});
afterAll(async () => {
  await server.stop();
});

function tablet(name: string): Device {
  const device = new Device(name, server, random.fork());
  devices.push(device);
  return device;
}

const customer = (name: string) => ({
  id: randomUUID(),
  customerName: name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  phone: '0771234567',
  address: '1 Main Street',
  vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CAB-${random.int(1000, 9999)}`, vin: '' }],
});

/** Who the server recorded as the author of each mutation id. */
async function authorsOf(ids: string[]): Promise<(string | undefined)[]> {
  const rows = (await server.db.$client.prepare(`SELECT id, userId FROM applied_mutations`).all()) as { id: string; userId: string }[];
  const byId = new Map(rows.map((row) => [row.id, row.userId]));
  return ids.map((id) => byId.get(id));
}

const categoryOnServer = async (id: string) => (await server.liveCategories()).some((row) => row.id === id);

describe('an outbox entry belongs to its author', () => {
  it("queued changes wait for their author's login, and the server records that author", async () => {
    const device = tablet('workshop-tablet');
    device.logIn(nimal);
    device.net.offline = true;
    const queued = [];
    for (const name of ['Brake pads', 'Wiper blades', 'Batteries']) {
      queued.push(await device.run('createCategory', { id: randomUUID(), name }));
    }
    device.logOut();
    device.net.offline = false;

    // Kamal logs in on the same tablet: Nimal's changes are not sent under Kamal's session.
    device.logIn(kamal);
    const kamalsCustomer = await device.run('createCustomer', customer('Kasun Perera'));
    await device.syncClean().catch(() => undefined); // the outbox cannot empty: Nimal's entries wait
    expect(await Promise.all(queued.map(async (entry) => categoryOnServer(entry.args.id)))).toEqual([false, false, false]);
    expect(await authorsOf([kamalsCustomer.id])).toEqual([kamal.author.id]);
    expect(await device.db.outbox.where('authorId').equals(nimal.author.id).count()).toBe(3);
    expect(await device.db.problems.count()).toBe(0);

    // Nimal logs in again: now they go, as Nimal's.
    device.logIn(nimal);
    await device.syncClean();
    expect(await Promise.all(queued.map(async (entry) => categoryOnServer(entry.args.id)))).toEqual([true, true, true]);
    expect(await authorsOf(queued.map((entry) => entry.id))).toEqual([nimal.author.id, nimal.author.id, nimal.author.id]);
    expect(await device.db.problems.count()).toBe(0);
    expect(await device.mirror()).toEqual(await server.mirror());
  });

  it('the device refuses to queue what the role may not do, with the same table the server uses', async () => {
    const device = tablet('counter-pc');
    device.logIn(kamal);
    await expect(device.run('createCategory', { id: randomUUID(), name: 'Not for Staff' })).rejects.toThrow(new ValidationError(roleRefusedMessage('Staff')));
    await expect(device.run('adjustStock', { id: randomUUID(), itemId: randomUUID(), quantity: 2 })).rejects.toBeInstanceOf(ValidationError);
    expect(await device.db.outbox.count()).toBe(0);
    expect(await device.db.categories.count()).toBe(0);
  });

  it('a push whose answer was lost is replayed by its author after a user switch, never turned into a 409', async () => {
    const device = tablet('front-tablet');
    device.logIn(nimal);
    const entry = await device.run('createCategory', { id: randomUUID(), name: 'Exhausts' });
    device.net.force('dropResponse'); // the server commits; the answer never arrives
    expect(await device.trySync()).toBeInstanceOf(Error);
    expect(await categoryOnServer(entry.args.id)).toBe(true);
    expect(await device.db.outbox.count()).toBe(1);

    device.logOut();
    device.logIn(kamal);
    await device.trySync();
    expect(await device.db.problems.count()).toBe(0);
    expect(await device.db.outbox.count()).toBe(1); // still Nimal's, still waiting

    device.logIn(nimal);
    await device.syncClean();
    expect(await device.db.problems.count()).toBe(0);
    const rows = (await server.appliedMutations()).filter((row) => row.id === entry.id);
    expect(rows).toMatchObject([{ status: 'applied', httpStatus: 200 }]);
    expect(await authorsOf([entry.id])).toEqual([nimal.author.id]);
  });

  it("another user's change to a record that a waiting change touches first waits behind it", async () => {
    const device = tablet('bay-2-tablet');
    device.logIn(nimal);
    device.net.offline = true;
    const created = await device.run('createCustomer', customer('Dilani Silva'));
    device.logOut();
    device.logIn(kamal);
    const edited = await device.edit('updateCustomer', created.args.id, { city: 'Kandy' });
    device.net.offline = false;

    // Sent before Nimal's create, Kamal's edit would be refused as 'not found'.
    await device.trySync();
    expect(await device.db.problems.count()).toBe(0);
    expect(await device.db.outbox.count()).toBe(2);

    device.logIn(nimal);
    await device.trySync();
    expect(await authorsOf([created.id, edited!.id])).toEqual([nimal.author.id, undefined]);
    device.logIn(kamal);
    await device.syncClean();
    expect(await authorsOf([created.id, edited!.id])).toEqual([nimal.author.id, kamal.author.id]);
    const stored = (await server.mirror()).customers.find((row) => row.id === created.args.id);
    expect(stored).toMatchObject({ customerName: 'Dilani Silva', city: 'Kandy' });
    expect(await device.db.problems.count()).toBe(0);
  });
});
