// A record a device holds that the server has no row for at all (not even a tombstone), touched by
// an entry the server then applies: no pull ever brings that record, so the applied answer must say
// so (`missing`), or the device keeps its guess for good. Found by the randomised run (seed 61123,
// once): "tablet-4 jobLines equal the server's", one extra live line, after the restore.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, customerWithVehicle, freshServerEachTest } from './harness';

const random = new Random(2026_1125);
const bed = freshServerEachTest(random);
const device = bed.device;

const customerArgs = () => customerWithVehicle({ email: true });

const line = (name: string) => ({ id: randomUUID(), kind: 'service' as const, refId: null, name, quantity: 1, unitPrice: 1500, warranty: '' });
const jobArgs = (customerId: string) => ({
  id: randomUUID(),
  customerId,
  vehicleLicensePlate: 'cab-1001',
  currentMileage: 84_200,
  dateIn: '2026-11-23',
  jobType: 'Brake noise',
  lines: [],
});
const serverLineRows = async (id: string) => bed.server.db.$client.prepare(`SELECT id FROM job_lines WHERE id = ?`).all(id);

describe('a record the server holds no row for, touched by an applied entry', () => {
  it('a line added by an entry refused alone and changed by the next entry, which is applied: the device drops the line', async () => {
    const tablet = device('tablet');
    const customer = customerArgs();
    await tablet.run('createCustomer', customer);
    const job = jobArgs(customer.id);
    await tablet.run('createJobCard', job);
    await tablet.syncClean();

    // Offline: a line added, then changed in a second edit that also writes the job's notes.
    const added = line('Brake work');
    await tablet.run('updateJobCard', { id: job.id, addLines: [added] });
    await tablet.run('updateJobCard', { id: job.id, notes: 'Pads worn', changeLines: [{ id: added.id, quantity: 2 }] });

    // The push of both is refused whole (413), then the first alone: it becomes a problem. Its
    // records' state (no such line) is not written, since the second entry still touches the line.
    // The second is applied: the server skips the change of a line it does not have.
    tablet.net.force('error413', 'error413');
    await tablet.syncClean();

    expect(await tablet.db.problems.count()).toBe(1);
    expect(await serverLineRows(added.id)).toEqual([]);
    expect(await tablet.db.jobLines.get(added.id)).toBeUndefined();
    expect(await tablet.mirror()).toEqual(await bed.server.mirror());
  });

  it("a line a restore lost, held through the reload for another author's edit, whose maker re-sends it and is refused: the device drops the line", async () => {
    const maker = device('tablet-a');
    const tablet = device('tablet-b');
    const other = device('counter-pc');
    const customer = customerArgs();
    await maker.run('createCustomer', customer);
    const job = jobArgs(customer.id);
    await maker.run('createJobCard', job);
    await maker.syncClean();
    await tablet.syncClean();
    const nimal = await bed.server.addUser('Nimal', 'Manager');
    const admin = bed.server.admin;
    const backup = await bed.server.backup('command');

    // After the backup (lost by the restore): another device's customer, and the maker's edit that
    // adds a line and moves the job to that customer. The tablet pulls the line.
    const later = customerArgs();
    await other.run('createCustomer', later);
    await other.syncClean();
    await maker.syncClean();
    const added = line('Brake work');
    await maker.run('updateJobCard', { id: job.id, addLines: [added], customerId: later.id });
    await maker.syncClean();
    await tablet.syncClean();
    expect((await tablet.db.jobLines.get(added.id))?.version).toBeGreaterThan(0);

    // Nimal changes the line's quantity on the tablet, offline; after the restore Admin logs in there.
    tablet.logIn(nimal);
    tablet.net.offline = true;
    await tablet.run('updateJobCard', { id: job.id, notes: 'Checked', changeLines: [{ id: added.id, quantity: 3 }] });
    tablet.logOut();

    await bed.server.restore(backup);
    tablet.logIn(await bed.server.login(admin.email, admin.password));
    tablet.net.offline = false;
    // Admin's sync has nothing to send and reloads the tablet: the line stays, Nimal's edit touches it.
    expect(await tablet.trySync()).toBeNull();
    expect(await tablet.db.syncState.get('requeueSent')).toBeUndefined(); // the reload is complete
    expect(await tablet.outboxSize()).toBe(1);
    expect(await tablet.db.jobLines.get(added.id)).toBeDefined();

    // The maker reloads and re-sends its edit, refused: the later customer is not there (yet).
    maker.logIn(await bed.server.login(admin.email, admin.password));
    await maker.syncClean();
    await maker.syncClean();
    expect(await maker.db.problems.count()).toBe(1);

    // Nimal's edit is applied: the job's notes; the line the server does not have is skipped.
    tablet.logIn(await bed.server.login(nimal.email, nimal.password));
    await tablet.syncClean();
    expect(await serverLineRows(added.id)).toEqual([]);
    expect(await tablet.db.jobLines.get(added.id)).toBeUndefined();

    other.logIn(await bed.server.login(admin.email, admin.password));
    for (const d of [other, maker, tablet]) await d.syncClean();
    for (const d of [other, maker, tablet]) expect(await d.mirror(), d.name).toEqual(await bed.server.mirror());
  });
});
