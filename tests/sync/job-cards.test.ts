// Job cards across devices (shared/mutations/job-cards.ts): made offline with their customer, lines
// added, changed and removed on two tablets at once, status moves by the rule of
// shared/domain/job-status.ts, per-field merge of edits, refusals that restore the server's state,
// and job numbers the server gives out once each, however many devices sync at the same moment.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, customerWithVehicle, freshServerEachTest, type Device, type TestSession } from './harness';
import { ValidationError } from '@/sync/local-mutation';
import { finishedJobMessage, jobStatusMessages } from '@shared/domain/job-status';
import { openedChangeId, updateJobCard } from '@shared/mutations/job-cards';
import { updateJobCardSchema } from '@shared/schemas/job-card';
import { maxTouchedRecords, type MutationOutcome } from '@shared/sync/messages';
import type { SyncedRow } from '@shared/sync/tables';

const random = new Random(7_2026);
// A fresh server for each test: job numbers start at JOB-0001 and counts are exact.
const bed = freshServerEachTest(random);

function device(name: string, session?: TestSession): Device {
  const created = bed.device(name);
  if (session) created.logIn(session);
  return created;
}

const customerArgs = () => customerWithVehicle();

function line(name: string, quantity: number, unitPrice: number, kind: 'item' | 'service' = 'service') {
  return { id: randomUUID(), kind, refId: null, name, quantity, unitPrice, warranty: '' };
}

function jobArgs(customerId: string, lines: ReturnType<typeof line>[] = [], extra: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    customerId,
    vehicleLicensePlate: 'cab-1001',
    vehicleMake: 'Toyota',
    vehicleModel: 'Aqua',
    currentMileage: 84_200,
    dateIn: '2026-11-23',
    jobType: 'Brake noise at low speed',
    lines,
    ...extra,
  };
}

const setStatus = async (d: Device, id: string, status: string) => d.run('setJobCardStatus', { id, status, changeId: randomUUID() });

// ---- the server's side, read from its SQLite file ------------------------------------------------

const sql = async <T>(query: string, ...params: unknown[]) => (await bed.server.db.$client.prepare(query).all(...params)) as T[];
const serverJob = async (id: string) => (await bed.server.mirror()).jobCards.find((row) => row.id === id);
const liveLines = async (jobCardId: string) => (await bed.server.mirror()).jobLines.filter((row) => row.jobCardId === jobCardId);
/** Every line row ever written for the job, tombstones too: a line written twice would show here. */
const allLineRows = async (jobCardId: string) => sql<{ id: string; deleted: number }>(`SELECT id, deleted FROM job_lines WHERE jobCardId = ? ORDER BY id`, jobCardId);
/** The job's live status history in the order the server wrote it. */
const history = async (jobCardId: string) =>
  (await bed.server.mirror()).jobStatusChanges
    .filter((row) => row.jobCardId === jobCardId)
    .sort((a, b) => Number(a.version) - Number(b.version))
    .map((row) => `${row.fromStatus ?? '∅'}→${row.toStatus}`);

async function expectAllEqualServer(...on: Device[]) {
  const expected = await bed.server.mirror();
  for (const d of on) expect(await d.mirror(), `${d.name} equals the server`).toEqual(expected);
}

/** A customer and a job for it, made on `d` and synced to the server and every other device given. */
async function sharedJob(d: Device, lines: ReturnType<typeof line>[], ...others: Device[]) {
  const args = customerArgs();
  const customer = await d.run('createCustomer', { ...args, email: `kasun.${args.id.slice(0, 8)}@example.com`, city: 'Colombo' });
  const job = await d.run('createJobCard', jobArgs(customer.args.id as string, lines));
  await d.syncClean();
  for (const other of others) await other.syncClean();
  return job.args.id as string;
}

describe('a job made offline', () => {
  it('a customer and a job with lines, suspended, resumed and finished offline, reach the server once each, numbered there', async () => {
    const a = device('tablet-a');
    a.net.offline = true;
    const customer = await a.run('quickCreateCustomer', customerArgs());
    const lines = [line('Brake pad replacement', 1, 4500), line('Brake pads', 2, 3250.5, 'item'), line('Labour', 1.5, 1200)];
    const created = await a.run('createJobCard', jobArgs(customer.args.id as string, lines));
    const jobId = created.args.id as string;
    await setStatus(a, jobId, 'Suspended'); // waiting for parts
    await setStatus(a, jobId, 'open'); // as older records write it
    await setStatus(a, jobId, 'Finished');
    const onDevice = (await a.db.jobCards.get(jobId))!;
    expect(onDevice).toMatchObject({ status: 'Finished', jobNumber: null, customerName: customer.args.customerName, vehicleLicensePlate: 'CAB-1001' });
    expect(await a.outboxSize()).toBe(5);
    expect(created.touches).toContain(`customers:${customer.args.id}`);

    a.net.offline = false;
    // The first push is applied but its answer is lost; the device sends it again: a replay, not a second job.
    a.net.force('dropResponse', 'duplicatePush');
    await a.syncClean();

    const customers = (await bed.server.mirror()).customers;
    expect(customers.map((row) => row.id)).toEqual([customer.args.id]);
    expect((await bed.server.mirror()).jobCards).toHaveLength(1);
    const job = (await serverJob(jobId))!;
    expect(job).toMatchObject({ jobNumber: 'JOB-0001', status: 'Finished', customerId: customer.args.id, customerName: customer.args.customerName });
    expect(job.finishedAt).toBeTruthy();
    expect(await allLineRows(jobId)).toEqual(lines.map((l) => ({ id: l.id, deleted: 0 })).sort((x, y) => (x.id < y.id ? -1 : 1)));
    expect((await liveLines(jobId)).find((row) => row.id === lines[1]!.id)).toMatchObject({ quantityHundredths: 200, unitPriceCents: 325_050, totalCents: 650_100 });
    expect(await history(jobId)).toEqual(['∅→Open', 'Open→Suspended', 'Suspended→Open', 'Open→Finished']);
    expect((await bed.server.mirror()).jobStatusChanges.find((row) => row.fromStatus === null)?.id).toBe(openedChangeId(jobId));
    const applied = (await bed.server.appliedMutations()).filter((row) => row.status === 'applied').map((row) => row.name);
    expect(applied.filter((name) => name !== 'saveUser')).toEqual(['quickCreateCustomer', 'createJobCard', 'setJobCardStatus', 'setJobCardStatus', 'setJobCardStatus']);

    expect((await a.db.jobCards.get(jobId))?.jobNumber).toBe('JOB-0001');
    expect(await a.db.problems.count()).toBe(0);
    await expectAllEqualServer(a);
  });

  it('a job of 60 lines syncs, and so does one edit of 60 of its lines', async () => {
    const a = device('tablet-a');
    const customer = await a.run('quickCreateCustomer', customerArgs());
    const lines = Array.from({ length: 60 }, (_, i) => line(`Part ${i + 1}`, 1, 100 + i, 'item'));
    const jobId = (await a.run('createJobCard', jobArgs(customer.args.id as string, lines))).args.id as string;
    await a.syncClean();
    expect(await a.db.problems.toArray()).toEqual([]);
    expect(await liveLines(jobId)).toHaveLength(60);
    // And an edit that removes 30, changes 20 and adds 10 at once.
    await a.run('updateJobCard', {
      id: jobId,
      removeLineIds: lines.slice(0, 30).map((l) => l.id),
      changeLines: lines.slice(30, 50).map((l) => ({ id: l.id, quantity: 2 })),
      addLines: Array.from({ length: 10 }, (_, i) => line(`Extra ${i + 1}`, 1, 50)),
    });
    await a.syncClean();
    expect(await a.db.problems.toArray()).toEqual([]);
    expect(await liveLines(jobId)).toHaveLength(40);
    expect((await liveLines(jobId)).filter((row) => row.quantityHundredths === 200)).toHaveLength(20);
    await expectAllEqualServer(a);
  });

  it('the largest edit the schema allows names no more records than a push entry may carry', () => {
    const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
    const args = updateJobCardSchema.parse({
      id: randomUUID(),
      customerId: randomUUID(),
      addLines: ids(300).map((id) => ({ ...line('Part', 1, 1), id })),
      changeLines: ids(300).map((id) => ({ id, quantity: 2 })),
      removeLineIds: ids(300),
    });
    expect(updateJobCard.touches(args).length).toBeLessThanOrEqual(maxTouchedRecords);
    expect(() => updateJobCardSchema.parse({ id: randomUUID(), removeLineIds: ids(301) })).toThrow();
  });
});

describe('two tablets on one job', () => {
  it('lines added offline on both tablets are both kept', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const first = line('Oil change', 1, 2500);
    const jobId = await sharedJob(a, [first], b);
    a.net.offline = true;
    b.net.offline = true;
    const onA = line('Oil filter', 1, 1800, 'item');
    const onB = line('Wiper blades', 2, 950, 'item');
    await a.run('updateJobCard', { id: jobId, addLines: [onA] });
    await b.run('updateJobCard', { id: jobId, addLines: [onB] });
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    expect((await liveLines(jobId)).map((row) => row.id).sort()).toEqual([first.id, onA.id, onB.id].sort());
    expect(await allLineRows(jobId)).toHaveLength(3);
    await expectAllEqualServer(a, b);
  });

  it('a line removed on one tablet and another line edited on the other: both stand', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const l1 = line('Wheel alignment', 1, 3000);
    const l2 = line('Tyre', 2, 18_000, 'item');
    const jobId = await sharedJob(a, [l1, l2], b);
    a.net.offline = true;
    b.net.offline = true;
    await a.run('updateJobCard', { id: jobId, removeLineIds: [l1.id] });
    await b.run('updateJobCard', { id: jobId, changeLines: [{ id: l2.id, quantity: 4 }] });
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    expect((await liveLines(jobId)).map((row) => row.id)).toEqual([l2.id]);
    expect((await liveLines(jobId))[0]).toMatchObject({ quantityHundredths: 400, unitPriceCents: 1_800_000, totalCents: 7_200_000 });
    expect(await a.db.problems.count()).toBe(0);
    expect(await b.db.problems.count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  for (const order of ['the removal first', 'the edit first'] as const) {
    it(`a line removed on one tablet and edited on the other: the removal stands (${order})`, async () => {
      const a = device('tablet-a');
      const b = device('tablet-b');
      const l1 = line('Spark plugs', 4, 1200, 'item');
      const keep = line('Labour', 1, 1500);
      const jobId = await sharedJob(a, [l1, keep], b);
      a.net.offline = true;
      b.net.offline = true;
      await a.run('updateJobCard', { id: jobId, removeLineIds: [l1.id] });
      await b.run('updateJobCard', { id: jobId, changeLines: [{ id: l1.id, quantity: 6, warranty: '6 months' }] });
      expect((await b.db.jobLines.get(l1.id))?.quantityHundredths).toBe(600);
      a.net.offline = false;
      b.net.offline = false;
      const [first, second] = order === 'the removal first' ? [a, b] : [b, a];
      await first.syncClean();
      await second.syncClean();
      await first.syncClean();
      expect((await liveLines(jobId)).map((row) => row.id)).toEqual([keep.id]);
      expect((await allLineRows(jobId)).find((row) => row.id === l1.id)?.deleted).toBe(1);
      expect((await bed.server.appliedMutations()).filter((row) => row.name === 'updateJobCard').map((row) => row.status)).toEqual(['applied', 'applied']);
      expect(await a.db.problems.count()).toBe(0);
      expect(await b.db.problems.count()).toBe(0);
      expect(await b.db.jobLines.get(l1.id)).toBeUndefined();
      await expectAllEqualServer(a, b);
    });
  }

  it('finished on two tablets offline: both succeed, one history row for the finish', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const jobId = await sharedJob(a, [line('Service', 1, 6000)], b);
    a.net.offline = true;
    b.net.offline = true;
    await setStatus(a, jobId, 'Finished');
    await setStatus(b, jobId, 'Finished');
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    expect((await bed.server.appliedMutations()).filter((row) => row.name === 'setJobCardStatus').map((row) => row.status)).toEqual(['applied', 'applied']);
    expect((await serverJob(jobId))?.status).toBe('Finished');
    expect(await history(jobId)).toEqual(['∅→Open', 'Open→Finished']);
    expect(await a.db.problems.count()).toBe(0);
    expect(await b.db.problems.count()).toBe(0);
    // B's own guess at a history row for its finish is gone: it never happened on the server.
    expect((await b.db.jobStatusChanges.where('jobCardId').equals(jobId).toArray()).map((row) => row.toStatus).sort()).toEqual(['Finished', 'Open']);
    await expectAllEqualServer(a, b);
  });

  it('edits of different fields on two tablets both survive (per-field merge)', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const jobId = await sharedJob(a, [], b);
    a.net.offline = true;
    b.net.offline = true;
    await a.run('updateJobCard', { id: jobId, jobType: 'Brake noise; pulls to the left' });
    await b.run('updateJobCard', { id: jobId, actionTaken: 'Replaced front pads, skimmed discs' });
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    expect(await serverJob(jobId)).toMatchObject({
      jobType: 'Brake noise; pulls to the left',
      actionTaken: 'Replaced front pads, skimmed discs',
      vehicleLicensePlate: 'CAB-1001',
      currentMileage: 84_200,
    });
    await expectAllEqualServer(a, b);
  });

  it('an edit of a job another tablet finished meanwhile is refused: the job, its lines and the problems list show it', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const l1 = line('Clutch plate', 1, 14_000, 'item');
    const jobId = await sharedJob(a, [l1], b);
    await setStatus(a, jobId, 'Finished');
    await a.syncClean();

    b.net.offline = true; // B has not heard of the finish
    const added = line('Clutch cable', 1, 2200, 'item');
    const edit = await b.run('updateJobCard', { id: jobId, notes: 'Customer waiting', addLines: [added], changeLines: [{ id: l1.id, quantity: 2 }] });
    expect(await b.db.jobLines.get(added.id)).toBeDefined();
    b.net.offline = false;
    await b.syncClean();

    const problems = await b.db.problems.toArray();
    expect(problems.map((p) => [p.mutation.id, p.httpStatus, p.message])).toEqual([[edit.id, 409, finishedJobMessage]]);
    expect(await b.db.jobCards.get(jobId)).toMatchObject({ status: 'Finished', notes: '', jobNumber: 'JOB-0001' });
    expect(await b.db.jobLines.get(added.id)).toBeUndefined();
    expect((await b.db.jobLines.get(l1.id))?.quantityHundredths).toBe(100);
    expect((await liveLines(jobId)).map((row) => row.id)).toEqual([l1.id]);
    // A Finished job refuses the edit on a device that knows it, at once and with the same words.
    await expect(b.run('updateJobCard', { id: jobId, notes: 'Again' })).rejects.toThrow(finishedJobMessage);
    await expectAllEqualServer(a, b);
  });
});

describe('status moves and roles', () => {
  it('a Staff device cannot reopen a finished job (refused on the device and by the server); an Admin device can', async () => {
    const admin = device('office');
    const staffSession = await bed.server.addUser('Kamal', 'Staff');
    const staff = device('workshop', staffSession);
    const jobId = await sharedJob(admin, [line('Diagnostics', 1, 2000)]);
    await setStatus(admin, jobId, 'Finished');
    await admin.syncClean();
    await staff.syncClean();
    expect((await staff.db.jobCards.get(jobId))?.status).toBe('Finished');

    // On the device: refused before it is queued, with the rule's words.
    const refused = setStatus(staff, jobId, 'Open');
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toThrow(jobStatusMessages.reopenRole);
    expect(await staff.outboxSize()).toBe(0);
    expect((await staff.db.jobCards.get(jobId))?.status).toBe('Finished');

    // Through the API with the Staff token: the server refuses it with the same words.
    const mutationId = randomUUID();
    const response = await fetch(`${bed.server.baseUrl}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: staffSession.token },
      body: JSON.stringify({
        clientId: 'api-client',
        mutations: [
          {
            id: mutationId,
            clientId: 'api-client',
            seq: 1,
            name: 'setJobCardStatus',
            args: { id: jobId, status: 'Open', changeId: randomUUID() },
            createdAt: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: MutationOutcome[] };
    expect(results[0]).toMatchObject({ id: mutationId, status: 'rejected', httpStatus: 409, message: jobStatusMessages.reopenRole });
    expect((await serverJob(jobId))?.status).toBe('Finished');

    // The Admin reopens it; the Staff device hears of it.
    await setStatus(admin, jobId, 'Open');
    await admin.syncClean();
    await staff.syncClean();
    expect(await serverJob(jobId)).toMatchObject({ status: 'Open', finishedAt: null });
    expect(await history(jobId)).toEqual(['∅→Open', 'Open→Finished', 'Finished→Open']);
    const reopened = (await bed.server.mirror()).jobStatusChanges.find((row) => row.jobCardId === jobId && row.fromStatus === 'Finished');
    expect(reopened).toMatchObject({ userId: bed.server.admin.author.id, userName: 'Admin' });
    expect((await staff.db.jobCards.get(jobId))?.status).toBe('Open');
    await expectAllEqualServer(admin, staff);
  });

  it('a move the rule forbids (Suspended to Finished) is refused on the device, and by the server when another device made it so', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const jobId = await sharedJob(a, [], b);
    await setStatus(a, jobId, 'Suspended');
    await expect(setStatus(a, jobId, 'Finished')).rejects.toThrow(jobStatusMessages.notAllowed('Suspended', 'Finished'));
    await a.syncClean();
    const finish = await setStatus(b, jobId, 'Finished'); // B still sees it Open
    await b.syncClean();
    expect((await b.db.problems.toArray()).map((p) => [p.mutation.id, p.message])).toEqual([[finish.id, jobStatusMessages.notAllowed('Suspended', 'Finished')]]);
    expect(await b.db.jobStatusChanges.get(finish.args.changeId as string)).toBeUndefined();
    expect((await b.db.jobCards.get(jobId))?.status).toBe('Suspended');
    await expectAllEqualServer(a, b);
  });
});

describe('job numbers', () => {
  it('20 devices each make a job offline and sync at once: JOB-0001..JOB-0020, one each, on every device', { timeout: 120_000 }, async () => {
    const setup = device('setup');
    const customerId = (await setup.run('quickCreateCustomer', customerArgs())).args.id as string;
    await setup.syncClean();
    const tablets = Array.from({ length: 20 }, (_, i) => device(`tablet-${i + 1}`));
    await Promise.all(tablets.map(async (t) => t.syncClean()));
    const jobIds: string[] = [];
    for (const t of tablets) {
      t.net.offline = true;
      jobIds.push((await t.run('createJobCard', jobArgs(customerId, [line('Inspection', 1, 1000)]))).args.id as string);
      expect((await t.db.jobCards.get(jobIds.at(-1)!))?.jobNumber).toBeNull();
    }
    for (const t of tablets) t.net.offline = false;
    await Promise.all(tablets.map(async (t) => t.syncClean()));
    await Promise.all(tablets.map(async (t) => t.syncClean())); // everyone pulls everyone's

    const expected = Array.from({ length: 20 }, (_, i) => `JOB-${String(i + 1).padStart(4, '0')}`);
    const jobs = (await bed.server.mirror()).jobCards as (SyncedRow & { jobNumber: string })[];
    expect(jobs.map((row) => row.id).sort()).toEqual([...jobIds].sort());
    expect(jobs.map((row) => row.jobNumber).sort()).toEqual(expected);
    for (const t of tablets) {
      const numbers = (await t.db.jobCards.toArray()).map((row) => row.jobNumber).sort();
      expect(numbers, `${t.name} job numbers`).toEqual(expected);
    }
    await expectAllEqualServer(...tablets);
  });

  it('a job deleted by a manager is gone everywhere; its number is not given out again', async () => {
    const a = device('office');
    const managerSession = await bed.server.addUser('Nimal', 'Manager');
    const staffSession = await bed.server.addUser('Kamal', 'Staff');
    const manager = device('manager', managerSession);
    const staff = device('staff', staffSession);
    const first = await sharedJob(a, [line('Wash', 1, 800)], manager, staff);
    await expect(staff.run('deleteJobCard', { id: first })).rejects.toBeInstanceOf(ValidationError);
    await manager.run('deleteJobCard', { id: first });
    await manager.syncClean();
    await staff.syncClean();
    const customerId = (await bed.server.mirror()).customers[0]!.id;
    const second = (await staff.run('createJobCard', jobArgs(customerId))).args.id as string;
    await staff.syncClean();
    await a.syncClean();
    await manager.syncClean();
    expect(await serverJob(first)).toBeUndefined();
    expect((await serverJob(second))?.jobNumber).toBe('JOB-0002');
    expect(await a.db.jobCards.get(first)).toBeUndefined();
    await expectAllEqualServer(a, manager, staff);
  });
});

// A pull that comes while a job operation waits in the outbox holds back the rows of the records it
// touches (docs/sync-rules.md, rule 7); when the operation is answered, the device must still end up equal to the
// server, also for the records the operation touched without changing them.
describe('rows a pull held back while a job operation waited', () => {
  it('a customer renamed elsewhere while a job for them waited to be sent', async () => {
    const a = device('office');
    const b = device('tablet');
    const args = customerArgs();
    const customer = await a.run('createCustomer', { ...args, email: 'kasun@example.com' });
    const customerId = customer.args.id as string;
    await a.syncClean();
    await b.syncClean();
    b.net.offline = true;
    const job = await b.run('createJobCard', jobArgs(customerId, [line('Oil change', 1, 2500)]));
    await a.run('updateCustomer', { id: customerId, customerName: 'Kasun Perera (fleet)' });
    await a.syncClean();
    expect(await a.db.problems.count()).toBe(0);
    b.net.offline = false;
    await b.engine.pull(); // the renamed customer is held back: B's job touches it
    expect((await b.db.customers.get(customerId))?.customerName).toBe(customer.args.customerName);
    await b.syncClean();
    expect((await serverJob(job.args.id as string))?.customerName).toBe('Kasun Perera (fleet)');
    expect((await b.db.customers.get(customerId))?.customerName).toBe('Kasun Perera (fleet)');
    await a.syncClean();
    await expectAllEqualServer(a, b);
  });

  it('a line removed elsewhere while an edit of it (and of the job) waited', async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const l1 = line('Headlamp bulb', 2, 900, 'item');
    const jobId = await sharedJob(a, [l1], b);
    b.net.offline = true;
    await b.run('updateJobCard', { id: jobId, notes: 'Both sides', changeLines: [{ id: l1.id, quantity: 3 }] });
    await a.run('updateJobCard', { id: jobId, removeLineIds: [l1.id] });
    await a.syncClean();
    b.net.offline = false;
    await b.engine.pull(); // the removal is held back: B's edit touches the line
    await b.syncClean();
    expect(await liveLines(jobId)).toEqual([]);
    expect((await serverJob(jobId))?.notes).toBe('Both sides');
    expect(await b.db.jobLines.get(l1.id)).toBeUndefined();
    await a.syncClean();
    await expectAllEqualServer(a, b);
  });

  it("a job finished elsewhere while this device's own finish waited", async () => {
    const a = device('tablet-a');
    const b = device('tablet-b');
    const jobId = await sharedJob(a, [], b);
    b.net.offline = true;
    const mine = await setStatus(b, jobId, 'Finished');
    await setStatus(a, jobId, 'Finished');
    await a.syncClean();
    b.net.offline = false;
    await b.engine.pull();
    await b.syncClean();
    expect(await history(jobId)).toEqual(['∅→Open', 'Open→Finished']);
    expect(await b.db.jobStatusChanges.get(mine.args.changeId as string)).toBeUndefined();
    expect((await b.db.jobCards.get(jobId))?.finishedAt).toBe((await serverJob(jobId))?.finishedAt);
    await a.syncClean();
    await expectAllEqualServer(a, b);
  });
});
