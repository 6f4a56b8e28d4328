import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { countRows, createUserWithRole, makeTestServer, sendRequest, type Json, type TestServer } from './helpers';
import { customerBody, jobBody, jobItem, jobService, saleBody, saleLine } from '../../tests/factories';
import { jobCardMessages } from '@shared/schemas/job-card';
import { finishedJobMessage, jobStatusMessages } from '@shared/domain/job-status';

// The real app over a temporary SQLite file (helpers.ts); the concurrency case over a real socket.

interface World {
  server: TestServer;
  admin: string;
  manager: string;
  staff: string;
  nimal: string;
  sunil: string;
}

async function world(): Promise<World> {
  const server = await makeTestServer();
  const admin = (await server.userWithRole('Admin')).token;
  const manager = (await server.userWithRole('Manager')).token;
  const staff = (await server.userWithRole('Staff')).token;
  const nimal = (await server.call('POST', '/api/customers', admin, customerBody('Nimal Perera', '0771234567', 'CAB-1234'))).json.customer._id as string;
  const sunil = (await server.call('POST', '/api/customers', admin, customerBody('Sunil Silva', '0719876543', 'WP-5678'))).json.customer._id as string;
  return { server, admin, manager, staff, nimal, sunil };
}

const rowsOf = async (server: TestServer, sql: string, ...params: unknown[]) => (await server.db.$client.prepare(sql).all(...params)) as Json[];

describe('job cards', () => {
  let w: World;
  let mechanicId: string;
  beforeAll(async () => {
    w = await world();
    mechanicId = (await createUserWithRole(w.server.db, { role: 'Staff', name: 'Kamal Mechanic' })).id;
  });
  afterAll(() => w.server.close());

  const call = async (method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) => w.server.call(method, path, token, body, headers);
  const create = async (overrides: Json = {}, token = w.admin) => {
    const response = await call('POST', '/api/job-cards', token, jobBody(w.nimal, overrides));
    expect(response.status, response.json.message).toBe(201);
    return response.json.jobCard as Json;
  };

  it('peeks JOB-0001 on an empty database, without taking it', async () => {
    expect((await call('GET', '/api/job-cards/next-number', w.staff)).json).toEqual({ success: true, nextJobNumber: 'JOB-0001' });
    expect((await call('GET', '/api/job-cards/next-number', w.staff)).json.nextJobNumber).toBe('JOB-0001');
  });

  let first: Json;
  it('creates a job from the spec body with its older names, in the spec shape', async () => {
    const { status, json } = await call('POST', '/api/job-cards', w.staff, {
      customer: { _id: w.nimal, customerName: 'Nimal Perera' },
      vehicleRegNumber: ' cab-1234 ',
      vehicleMake: 'Toyota',
      vehicleModel: 'Axio',
      mileage: '45000',
      previousMileage: '',
      dateIn: '2026-11-23T08:30:00.000Z',
      problem: 'Brake noise',
      promiseDate: '2026-11-25',
      promisedTime: '16:30',
      assignedMechanic: { _id: mechanicId, name: 'whatever the client says' },
      jobItems: [
        { item: 'item-1', itemName: 'Brake pad', quantity: 2, unitPrice: 1250.5, warranty: '6 Months', quickAdded: false },
        { itemName: 'Bolt', quantity: '0.5', unitPrice: '99.99', warranty: '', quickAdded: true },
      ],
      jobServices: [{ service: { _id: 'svc-1' }, serviceName: 'Wheel alignment', quantity: 1, unitPrice: 2500, warranty: '1 year' }],
    });
    expect(status, json.message).toBe(201);
    expect(json).toMatchObject({ success: true, message: 'Job Card created successfully!' });
    first = json.jobCard;
    expect(first).toMatchObject({
      jobNumber: 'JOB-0001',
      customer: w.nimal,
      customerName: 'Nimal Perera',
      customerPhone: '0771234567',
      vehicleLicensePlate: 'CAB-1234',
      vehicleMake: 'Toyota',
      vehicleModel: 'Axio',
      currentMileage: 45000,
      previousMileage: null,
      dateIn: '2026-11-23T08:30:00.000Z',
      jobType: 'Brake noise',
      promisedDate: '2026-11-25',
      promisedTime: '16:30',
      actionTaken: '',
      notes: '',
      status: 'Open',
      mechanic: { _id: mechanicId, name: 'Kamal Mechanic' },
      assignedMechanic: { _id: mechanicId, name: 'Kamal Mechanic' },
      invoiceNo: null,
      invoiceId: null,
      finishedAt: null,
    });
    expect(first._id).toEqual(expect.any(String));
    expect(first.jobItems).toEqual([
      {
        _id: expect.any(String),
        item: 'item-1',
        itemName: 'Brake pad',
        quantity: 2,
        unitPrice: 1250.5,
        warranty: '6 Months',
        warrantyMonths: 6,
        itemPrice: 2501,
        quickAdded: false,
      },
      { _id: expect.any(String), item: null, itemName: 'Bolt', quantity: 0.5, unitPrice: 99.99, warranty: '', warrantyMonths: 0, itemPrice: 50, quickAdded: true },
    ]);
    expect(first.jobServices).toEqual([
      { _id: expect.any(String), service: 'svc-1', serviceName: 'Wheel alignment', quantity: 1, unitPrice: 2500, warranty: '1 year', warrantyMonths: 12, servicePrice: 2500 },
    ]);
    expect(first.statusHistory).toBeUndefined();
    // Stored exactly: cents and hundredths.
    expect(await rowsOf(w.server, 'SELECT name, quantityHundredths, unitPriceCents, totalCents FROM job_lines WHERE name = ?', 'Bolt')).toEqual([
      { name: 'Bolt', quantityHundredths: 50, unitPriceCents: 9999, totalCents: 5000 },
    ]);
    expect((await call('GET', '/api/job-cards/next-number', w.staff)).json.nextJobNumber).toBe('JOB-0002');
  });

  it('gives a job without a date in the time of its creation, and takes no status from the body', async () => {
    const before = Date.now();
    const job = await create({ dateIn: undefined, status: 'Finished' });
    expect(Date.parse(job.dateIn)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(job.dateIn)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(job.status).toBe('Open');
    expect(job.mechanic).toBeNull();
  });

  it('answers one job with its lines and its status history', async () => {
    const { status, json } = await call('GET', `/api/job-cards/${first._id}`, w.staff);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.jobCard).toMatchObject({ ...first, updatedAt: expect.any(String), statusHistory: [{ from: null, to: 'Open', at: expect.any(String), by: 'Staff user' }] });
  });

  it('answers 404 for an unknown job', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await call(method, `/api/job-cards/${randomUUID()}`, w.admin, method === 'PUT' ? { status: 'Finished' } : undefined);
      expect(response.status, method).toBe(404);
      expect(response.json.success).toBe(false);
    }
    expect((await call('GET', `/api/job-cards/${randomUUID()}`, w.admin)).json).toEqual({ success: false, message: 'Job card not found.' });
  });

  describe('bad input is a 400 with the rule message, and changes nothing', () => {
    it.each([
      ['no customer', { customer: undefined }, jobCardMessages.customer],
      ['a blank customer', { customer: '' }, jobCardMessages.customer],
      ['an unknown customer', { customer: randomUUID() }, 'Customer not found. It may have been deleted.'],
      ['no plate', { vehicleLicensePlate: '  ' }, jobCardMessages.plate],
      ['no mileage', { currentMileage: undefined }, jobCardMessages.mileageRequired],
      ['a negative mileage', { currentMileage: -1 }, jobCardMessages.mileage],
      ['a mileage that is not a number', { mileage: '12 km', currentMileage: undefined }, jobCardMessages.mileage],
      ['a date in that is no date', { dateIn: 'yesterday' }, jobCardMessages.dateIn],
      ['a promised time that is no time', { promisedTime: '25:00' }, jobCardMessages.promisedTime],
      ['a line with quantity 0', { jobItems: [{ itemName: 'Oil', quantity: 0, unitPrice: 10 }] }, jobCardMessages.quantity],
      ['a line with a negative quantity', { jobServices: [{ serviceName: 'Wash', quantity: -1, unitPrice: 10 }] }, jobCardMessages.quantity],
      ['a line without a name', { jobItems: [{ quantity: 1, unitPrice: 10 }] }, jobCardMessages.itemName],
      ['a line with a negative price', { jobItems: [{ itemName: 'Oil', quantity: 1, unitPrice: -5 }] }, jobCardMessages.unitPrice],
      ['jobItems that are not a list', { jobItems: 'oil' }, 'jobItems must be a list.'],
      ['an unknown mechanic', { mechanic: randomUUID() }, 'Mechanic not found. Choose a staff member.'],
    ])('%s', async (_label, overrides, message) => {
      const jobs = await countRows(w.server.db, 'job_cards');
      const lines = await countRows(w.server.db, 'job_lines');
      const next = (await call('GET', '/api/job-cards/next-number', w.admin)).json.nextJobNumber;
      const { status, json } = await call('POST', '/api/job-cards', w.staff, jobBody(w.nimal, overrides));
      expect(status).toBe(400);
      expect(json).toEqual({ success: false, message });
      expect(await countRows(w.server.db, 'job_cards')).toBe(jobs);
      expect(await countRows(w.server.db, 'job_lines')).toBe(lines);
      expect((await call('GET', '/api/job-cards/next-number', w.admin)).json.nextJobNumber).toBe(next);
    });

    it('a bad edit changes nothing either', async () => {
      const job = await create({ jobItems: [{ itemName: 'Oil', quantity: 1, unitPrice: 10 }] });
      const before = await rowsOf(w.server, 'SELECT * FROM job_cards WHERE id = ?', job._id);
      const linesBefore = await rowsOf(w.server, 'SELECT * FROM job_lines WHERE jobCardId = ?', job._id);
      for (const [body, message] of [
        [{ currentMileage: -5 }, jobCardMessages.mileage],
        [{ jobItems: [{ ...job.jobItems[0], quantity: 0 }] }, jobCardMessages.quantity],
        [{ jobItems: [{ itemName: 'New', quantity: 0, unitPrice: 1 }] }, jobCardMessages.quantity],
        [{ actionTaken: 'fine', vehicleLicensePlate: '' }, jobCardMessages.plate],
        [{ status: 'Done' }, jobCardMessages.status],
        [{ notes: 'x', status: 'Done' }, jobCardMessages.status],
      ] as const) {
        const response = await call('PUT', `/api/job-cards/${job._id}`, w.staff, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.json).toEqual({ success: false, message });
      }
      expect(await rowsOf(w.server, 'SELECT * FROM job_cards WHERE id = ?', job._id)).toEqual(before);
      expect(await rowsOf(w.server, 'SELECT * FROM job_lines WHERE jobCardId = ?', job._id)).toEqual(linesBefore);
    });
  });

  describe('status moves through PUT { status }', () => {
    it('Open → Suspended → Open → Finished; Suspended → Finished refused; Staff cannot reopen, an Admin can', async () => {
      const job = await create({}, w.staff);
      const put = async (token: string, status: unknown, extra: Json = {}) => call('PUT', `/api/job-cards/${job._id}`, token, { status, ...extra });

      let response = await put(w.staff, 'suspend', { _id: job._id });
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ success: true, message: 'Job Card status updated to Suspended!', jobCard: { status: 'Suspended' } });

      response = await put(w.staff, 'Finished');
      expect(response.status).toBe(409);
      expect(response.json).toEqual({ success: false, message: jobStatusMessages.notAllowed('Suspended', 'Finished') });

      response = await put(w.staff, 'OPEN');
      expect(response.json).toMatchObject({ message: 'Job Card status updated to Open!', jobCard: { status: 'Open' } });

      response = await put(w.staff, 'Finished');
      expect(response.json).toMatchObject({ message: 'Job Card status updated to Finished!', jobCard: { status: 'Finished', finishedAt: expect.any(String) } });

      response = await put(w.staff, 'Open');
      expect(response.status).toBe(409);
      expect(response.json).toEqual({ success: false, message: jobStatusMessages.reopenRole });
      response = await put(w.staff, 'Suspended');
      expect(response.status).toBe(409);

      response = await put(w.admin, 'Open');
      expect(response.status).toBe(200);
      expect(response.json.jobCard).toMatchObject({ status: 'Open', finishedAt: null });

      const history = (await call('GET', `/api/job-cards/${job._id}`, w.staff)).json.jobCard.statusHistory as Json[];
      expect(history.map((move) => [move.from, move.to, move.by])).toEqual([
        [null, 'Open', 'Staff user'],
        ['Open', 'Suspended', 'Staff user'],
        ['Suspended', 'Open', 'Staff user'],
        ['Open', 'Finished', 'Staff user'],
        ['Finished', 'Open', 'Admin user'],
      ]);
    });

    it('the status a job already has is no move', async () => {
      const job = await create();
      const response = await call('PUT', `/api/job-cards/${job._id}`, w.staff, { status: 'open' });
      expect(response.json).toMatchObject({ message: 'Job Card status updated to Open!' });
      expect(await countRows(w.server.db, 'job_status_changes', `jobCardId = '${job._id}' AND deleted = 0`)).toBe(1);
    });
  });

  describe('edits', () => {
    it('edits fields by their older names too', async () => {
      const job = await create();
      const { status, json } = await call('PUT', `/api/job-cards/${job._id}`, w.staff, {
        odometer: 46000,
        customerComplaint: 'Squeaks',
        promissedDate: '2026-12-01',
        customer: { _id: w.sunil },
        mechanic: mechanicId,
      });
      expect(status).toBe(200);
      expect(json).toMatchObject({
        success: true,
        message: 'Job Card updated successfully!',
        jobCard: {
          currentMileage: 46000,
          jobType: 'Squeaks',
          promisedDate: '2026-12-01',
          customer: w.sunil,
          customerName: 'Sunil Silva',
          customerPhone: '0719876543',
          mechanic: { _id: mechanicId, name: 'Kamal Mechanic' },
        },
      });
      // Untouched fields stay.
      expect(json.jobCard).toMatchObject({ vehicleLicensePlate: 'CAB-1234', vehicleMake: 'Toyota' });
    });

    it('diffs jobItems against the live lines: removes, edits and adds exactly, in one mutation; services stay', async () => {
      const job = await create({
        jobItems: [
          { item: 'i-1', itemName: 'Brake pad', quantity: 2, unitPrice: 1000, warranty: '6 Months' },
          { item: 'i-2', itemName: 'Oil filter', quantity: 1, unitPrice: 800 },
          { item: 'i-3', itemName: 'Wiper', quantity: 1, unitPrice: 500 },
        ],
        jobServices: [{ service: 's-1', serviceName: 'Alignment', quantity: 1, unitPrice: 2500 }],
      });
      const [pad, filter, wiper] = job.jobItems as Json[];
      const versionBefore = Number((await rowsOf(w.server, `SELECT value FROM counters WHERE name = 'version'`))[0]!.value);
      const { status, json } = await call('PUT', `/api/job-cards/${job._id}`, w.staff, {
        jobItems: [
          { ...pad, quantity: 3, warranty: '1 year' }, // changed
          wiper, // as it was
          { item: 'i-4', itemName: 'Spark plug', quantity: 4, unitPrice: 350 }, // new
        ],
      });
      expect(status, json.message).toBe(200);
      const items = json.jobCard.jobItems as Json[];
      expect(items.map((line) => [line.itemName, line.quantity, line.warranty, line.warrantyMonths, line.itemPrice])).toEqual([
        ['Brake pad', 3, '1 year', 12, 3000],
        ['Wiper', 1, '', 0, 500],
        ['Spark plug', 4, '', 0, 1400],
      ]);
      expect(items[0]!._id).toBe(pad!._id);
      expect(items[1]!._id).toBe(wiper!._id);
      expect(json.jobCard.jobServices).toEqual(job.jobServices);
      // The filter is a tombstone; the wiper was not rewritten; everything written is at one new version.
      const lines = await rowsOf(w.server, 'SELECT id, deleted, version FROM job_lines WHERE jobCardId = ?', job._id);
      const byId = new Map(lines.map((line) => [line.id, line]));
      expect(byId.get(filter!._id)!.deleted).toBe(1);
      expect(byId.get(wiper!._id)!.version).toBeLessThanOrEqual(versionBefore);
      const written = new Set(lines.filter((line) => line.version > versionBefore).map((line) => line.version));
      expect(written.size).toBe(1);
      expect(lines.filter((line) => line.version > versionBefore)).toHaveLength(3);

      // An empty jobServices removes the services; a body without jobItems leaves the items.
      const cleared = await call('PUT', `/api/job-cards/${job._id}`, w.staff, { jobServices: [] });
      expect(cleared.json.jobCard.jobServices).toEqual([]);
      expect(cleared.json.jobCard.jobItems).toHaveLength(3);
    });

    it('a whole job card sent back as it came changes nothing', async () => {
      const job = (await call('GET', `/api/job-cards/${first._id}`, w.admin)).json.jobCard as Json;
      const version = (await rowsOf(w.server, 'SELECT version FROM job_cards WHERE id = ?', job._id))[0]!.version;
      const { status, json } = await call('PUT', `/api/job-cards/${job._id}`, w.staff, job);
      expect(status, json.message).toBe(200);
      expect(json.message).toBe('Job Card updated successfully!');
      expect((await rowsOf(w.server, 'SELECT version FROM job_cards WHERE id = ?', job._id))[0]!.version).toBe(version);
      expect(await countRows(w.server.db, 'job_lines', `jobCardId = '${job._id}' AND deleted = 0`)).toBe(3);
    });

    it('a body with fields and a status: the edit, then the move, all or nothing', async () => {
      const job = await create();
      let response = await call('PUT', `/api/job-cards/${job._id}`, w.staff, { actionTaken: 'Replaced pads', status: 'Finished' });
      expect(response.status, response.json.message).toBe(200);
      expect(response.json).toMatchObject({ message: 'Job Card updated successfully!', jobCard: { actionTaken: 'Replaced pads', status: 'Finished' } });

      // A finished job is not edited (409), and nothing changes.
      response = await call('PUT', `/api/job-cards/${job._id}`, w.staff, { actionTaken: 'Changed my mind' });
      expect(response.status).toBe(409);
      expect(response.json).toEqual({ success: false, message: finishedJobMessage });

      // Reopening with an edit: the reopening goes first.
      response = await call('PUT', `/api/job-cards/${job._id}`, w.manager, { status: 'Open', actionTaken: 'Reopened for a check' });
      expect(response.status, response.json.message).toBe(200);
      expect(response.json.jobCard).toMatchObject({ status: 'Open', actionTaken: 'Reopened for a check' });

      // A move the rule refuses takes the edit back with it.
      expect((await call('PUT', `/api/job-cards/${job._id}`, w.staff, { status: 'Suspended' })).status).toBe(200);
      response = await call('PUT', `/api/job-cards/${job._id}`, w.staff, { notes: 'should not stay', status: 'Finished' });
      expect(response.status).toBe(409);
      expect(response.json.message).toBe(jobStatusMessages.notAllowed('Suspended', 'Finished'));
      expect((await call('GET', `/api/job-cards/${job._id}`, w.staff)).json.jobCard).toMatchObject({ notes: '', status: 'Suspended' });
    });

    it('with an Idempotency-Key, a PUT of fields and a status applies once', async () => {
      const job = await create();
      const key = `put-${randomUUID()}`;
      const body = { notes: 'Once', status: 'Suspended', jobItems: [{ itemName: 'Fuse', quantity: 1, unitPrice: 50 }] };
      const once = await call('PUT', `/api/job-cards/${job._id}`, w.staff, body, { 'Idempotency-Key': key });
      const again = await call('PUT', `/api/job-cards/${job._id}`, w.staff, body, { 'Idempotency-Key': key });
      expect(once.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.json.jobCard.jobItems).toHaveLength(1);
      expect(await countRows(w.server.db, 'job_status_changes', `jobCardId = '${job._id}' AND deleted = 0`)).toBe(2);
    });
  });

  it('applies the same POST twice with one Idempotency-Key once', async () => {
    const key = `job-${randomUUID()}`;
    const jobs = await countRows(w.server.db, 'job_cards');
    const body = jobBody(w.nimal, { jobItems: [{ itemName: 'Oil', quantity: 1, unitPrice: 10 }] });
    const once = await call('POST', '/api/job-cards', w.staff, body, { 'Idempotency-Key': key });
    const again = await call('POST', '/api/job-cards', w.staff, body, { 'Idempotency-Key': key });
    expect(once.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.jobCard._id).toBe(once.json.jobCard._id);
    expect(again.json.jobCard.jobNumber).toBe(once.json.jobCard.jobNumber);
    expect(again.json.jobCard.jobItems).toEqual(once.json.jobCard.jobItems);
    expect(await countRows(w.server.db, 'job_cards')).toBe(jobs + 1);
    const next = Number(once.json.jobCard.jobNumber.slice(4)) + 1;
    expect((await call('GET', '/api/job-cards/next-number', w.admin)).json.nextJobNumber).toBe(`JOB-${String(next).padStart(4, '0')}`);
  });

  it('lets Staff create, edit and finish but not delete (403); a Manager deletes', async () => {
    const job = await create({}, w.staff);
    expect((await call('PUT', `/api/job-cards/${job._id}`, w.staff, { notes: 'by staff' })).status).toBe(200);
    expect((await call('PUT', `/api/job-cards/${job._id}`, w.staff, { status: 'Finished' })).status).toBe(200);
    const refused = await call('DELETE', `/api/job-cards/${job._id}`, w.staff);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ success: false, message: 'Your role (Staff) may not do this.' });
    expect((await call('GET', `/api/job-cards/${job._id}`, w.staff)).status).toBe(200);

    const deleted = await call('DELETE', `/api/job-cards/${job._id}`, w.manager);
    expect(deleted.json).toEqual({ success: true, message: 'Job Card deleted successfully!' });
    expect((await call('GET', `/api/job-cards/${job._id}`, w.staff)).status).toBe(404);
    const listed = (await call('GET', '/api/job-cards', w.staff)).json.jobCards as Json[];
    expect(listed.map((j) => j._id)).not.toContain(job._id);
    // A tombstone, not a removed row.
    expect(await rowsOf(w.server, 'SELECT deleted FROM job_cards WHERE id = ?', job._id)).toEqual([{ deleted: 1 }]);
  });

  it('needs a session', async () => {
    expect((await w.server.call('GET', '/api/job-cards', null)).status).toBe(401);
    expect((await w.server.call('POST', '/api/job-cards', null, jobBody(w.nimal))).status).toBe(401);
  });

  it('lists jobs by status in any case, newest first by date in, each with its lines', async () => {
    const older = await create({ dateIn: '2020-01-01T00:00:00.000Z', jobItems: [{ itemName: 'Old part', quantity: 1, unitPrice: 1 }] });
    const newer = await create({ dateIn: '2030-01-01T00:00:00.000Z', jobServices: [{ serviceName: 'New service', quantity: 1, unitPrice: 1 }] });
    const all = await call('GET', '/api/job-cards', w.staff);
    expect(all.json.success).toBe(true);
    const jobs = all.json.jobCards as Json[];
    expect(all.json.total).toBe(jobs.length);
    expect(jobs[0]!._id).toBe(newer._id);
    expect(jobs.at(-1)!._id).toBe(older._id);
    expect(jobs[0]!.jobServices.map((l: Json) => l.serviceName)).toEqual(['New service']);
    expect(jobs.at(-1)!.jobItems.map((l: Json) => l.itemName)).toEqual(['Old part']);
    const dates = jobs.map((job) => job.dateIn as string);
    expect([...dates].sort().reverse()).toEqual(dates);

    const open = (await call('GET', '/api/job-cards?status=open', w.staff)).json;
    expect(open.jobCards.length).toBeGreaterThan(0);
    expect(open.jobCards.every((job: Json) => job.status === 'Open')).toBe(true);
    expect((await call('GET', '/api/job-cards?status=FINISHED', w.staff)).json.jobCards.every((job: Json) => job.status === 'Finished')).toBe(true);

    const paged = (await call('GET', '/api/job-cards?limit=2&page=2', w.staff)).json;
    expect(paged.jobCards.map((job: Json) => job._id)).toEqual(jobs.slice(2, 4).map((job) => job._id));
    expect(paged).toMatchObject({ total: jobs.length, page: 2, pages: Math.ceil(jobs.length / 2) });

    expect((await call('GET', '/api/job-cards?limit=100000', w.staff)).json.jobCards).toHaveLength(jobs.length);
    expect((await call('GET', '/api/job-cards?status=done', w.staff)).json).toEqual({ success: false, message: jobCardMessages.status });
    expect((await call('GET', '/api/job-cards?page=0', w.staff)).status).toBe(400);
    const none = (await call('GET', '/api/job-cards?page=999', w.staff)).json;
    expect(none.jobCards).toEqual([]);
  });

  it('finds the previous mileage of a plate: the latest job by date in, any case, optionally of one customer', async () => {
    const plate = `PM-${Date.now() % 10000}`;
    const a = await create({ vehicleLicensePlate: plate, currentMileage: 10000, dateIn: '2025-01-01T00:00:00.000Z' });
    const b = await create({ vehicleLicensePlate: plate, currentMileage: 20000, dateIn: '2025-06-01T00:00:00.000Z' });
    await create({ customer: w.sunil, vehicleLicensePlate: plate, currentMileage: 15000, dateIn: '2025-03-01T00:00:00.000Z' });
    const ask = async (query: string) => (await call('GET', `/api/job-cards/previous-mileage?${query}`, w.staff)).json;
    expect(await ask(`licensePlate=${encodeURIComponent(` ${plate.toLowerCase()} `)}`)).toEqual({ success: true, previousMileage: 20000 });
    expect((await ask(`licensePlate=${plate}&excludeId=${b._id}`)).previousMileage).toBe(15000);
    expect((await ask(`licensePlate=${plate}&excludeId=${b._id}&customerId=${w.nimal}`)).previousMileage).toBe(10000);
    expect((await ask(`licensePlate=${plate}&customerId=${w.sunil}`)).previousMileage).toBe(15000);
    expect((await ask('licensePlate=NOPE-0000')).previousMileage).toBeNull();
    // A deleted job does not count.
    expect((await call('DELETE', `/api/job-cards/${b._id}`, w.admin)).status).toBe(200);
    expect((await ask(`licensePlate=${plate}&customerId=${w.nimal}`)).previousMileage).toBe(10000);
    expect(a._id).toBeTruthy();
    const missing = await call('GET', '/api/job-cards/previous-mileage?customerId=x', w.staff);
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ success: false, message: 'licensePlate is required.' });
  });

  describe('due summary', () => {
    it('answers 0 for a customer (no invoices yet), with details by name, and refuses no customer', async () => {
      expect((await call('GET', `/api/sales/due-summary?customerId=${w.nimal}`, w.staff)).json).toEqual({ success: true, dueAmount: 0, totalDue: 0, creditBalance: 0 });
      expect((await call('GET', '/api/sales/due-summary?customerName=Nimal%20Perera&details=true', w.staff)).json).toEqual({
        success: true,
        dueAmount: 0,
        totalDue: 0,
        invoices: [],
      });
      const none = await call('GET', '/api/sales/due-summary', w.staff);
      expect(none.status).toBe(400);
      expect(none.json).toEqual({ success: false, message: 'No customer selected' });
      const unknown = await call('GET', `/api/sales/due-summary?customerId=${randomUUID()}`, w.staff);
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ success: false, message: 'Customer not found.' });
    });
  });

  it('lists the mechanics: active staff by name, for every role', async () => {
    await createUserWithRole(w.server.db, { role: 'Manager', name: 'anura Manager' });
    await createUserWithRole(w.server.db, { role: 'Staff', name: 'Zed Inactive', status: false });
    const { status, json } = await call('GET', '/api/user/mechanics', w.staff);
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    const names = (json.mechanics as Json[]).map((m) => m.name);
    expect(names).toEqual(['Admin user', 'anura Manager', 'Kamal Mechanic', 'Manager user', 'Staff user']);
    expect(json.mechanics[2]).toEqual({ _id: mechanicId, name: 'Kamal Mechanic', role: 'Staff' });
  });
});

describe('job numbers under concurrent creates over HTTP', () => {
  let w: World;
  let http: Server;
  let base: string;
  beforeAll(async () => {
    w = await world();
    await new Promise<void>((resolve) => {
      http = serve({ fetch: w.server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as Server;
    });
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
    w.server.close();
  });

  it('20 POSTs at once get JOB-0001 to JOB-0020, each once; the unique index refuses a duplicate', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        sendRequest((path, init) => fetch(`${base}${path}`, init), 'POST', '/api/job-cards', {
          token: w.staff,
          body: jobBody(i % 2 ? w.nimal : w.sunil, { currentMileage: 1000 + i }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(new Array(20).fill(201));
    const numbers = responses.map((r) => r.json.jobCard.jobNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `JOB-${String(i + 1).padStart(4, '0')}`));
    expect(new Set(numbers).size).toBe(20);

    const duplicate = async () =>
      w.server.db.$client
        .prepare(
          `INSERT INTO job_cards (id, version, deleted, updatedAt, jobNumber, customerId, vehicleLicensePlate, dateIn, createdAt)
           VALUES (?, 1, 0, '2026-01-01', 'JOB-0007', ?, 'X', '2026-01-01', '2026-01-01')`,
        )
        .run(randomUUID(), w.nimal);
    await expect(duplicate()).rejects.toThrow(/UNIQUE constraint failed: job_cards.jobNumber|duplicate key value violates unique constraint "job_cards_job_number"/);
  });
});

describe('the job history report and the stats', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.server.close());

  it('pages 60 jobs at 50, newest first, and searches by plate digits, name, phone and job number', async () => {
    for (let i = 0; i < 60; i++) {
      const customer = i < 40 ? w.nimal : w.sunil;
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + Math.floor(i / 28)).padStart(2, '0');
      const response = await w.server.call(
        'POST',
        '/api/job-cards',
        w.staff,
        jobBody(customer, { vehicleLicensePlate: i < 40 ? 'CAB-1234' : `WP-${5600 + i}`, dateIn: `2026-${month}-${day}T09:00:00.000Z` }),
      );
      expect(response.status).toBe(201);
    }
    const report = async (query: string) => (await w.server.call('GET', `/api/job-cards/report?${query}`, w.admin)).json;

    const one = await report('page=1');
    expect(one).toMatchObject({ success: true, total: 60, pages: 2, page: 1 });
    expect(one.results).toHaveLength(50);
    expect(one.results[0]).toMatchObject({ jobNumber: 'JOB-0060', jobItems: [], jobServices: [] });
    const two = await report('page=2&limit=50');
    expect(two).toMatchObject({ total: 60, pages: 2, page: 2 });
    expect(two.results).toHaveLength(10);
    const seen = new Set([...one.results, ...two.results].map((job: Json) => job._id));
    expect(seen.size).toBe(60);
    const dates = [...one.results, ...two.results].map((job: Json) => job.dateIn as string);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect((await report('q=1234')).total).toBe(40);
    expect((await report('q=5659')).results.map((job: Json) => job.vehicleLicensePlate)).toEqual(['WP-5659']);
    expect((await report('q=wp-')).total).toBe(20);
    expect((await report('q=sunil')).total).toBe(20);
    expect((await report('q=0719876')).total).toBe(20);
    expect((await report('q=job-0007')).results.map((job: Json) => job.jobNumber)).toEqual(['JOB-0007']);
    expect((await report('q=nimal&vehicleReg=wp')).total).toBe(0);
    expect((await report('customerName=perera&phone=0771')).total).toBe(40);
    expect((await report('vehicleReg=WP-565')).total).toBe(10);
    expect((await report('q=%25')).total).toBe(0); // LIKE wildcards are taken literally
    expect((await report('q=zzz')).results).toEqual([]);
    expect((await report('q=zzz')).pages).toBe(1);
  });

  it('counts live jobs by status within the period', async () => {
    // Of the 60 jobs above: January has 28 (days 1-28), February 28, March 4.
    const jobs = (await w.server.call('GET', '/api/job-cards?limit=500', w.admin)).json.jobCards as Json[];
    const inFebruary = jobs.filter((job) => job.dateIn.startsWith('2026-02'));
    for (const job of inFebruary.slice(0, 3)) expect((await w.server.call('PUT', `/api/job-cards/${job._id}`, w.staff, { status: 'Finished' })).status).toBe(200);
    for (const job of inFebruary.slice(3, 5)) expect((await w.server.call('PUT', `/api/job-cards/${job._id}`, w.staff, { status: 'Suspended' })).status).toBe(200);
    expect((await w.server.call('DELETE', `/api/job-cards/${inFebruary[5]!._id}`, w.admin)).status).toBe(200);

    const stats = async (query: string) => (await w.server.call('GET', `/api/job-cards/stats?${query}`, w.admin)).json;
    expect(await stats('from=2026-02-01T00:00:00.000Z&to=2026-02-28T23:59:59.999Z')).toEqual({ success: true, finished: 3, suspended: 2, open: 22, total: 27 });
    expect(await stats('')).toEqual({ success: true, finished: 3, suspended: 2, open: 54, total: 59 });
    expect(await stats('from=2026-03-01T00:00:00.000Z')).toMatchObject({ open: 4, total: 4 });
    expect(await stats('to=2026-01-31T23:59:59.999Z')).toMatchObject({ open: 28, total: 28, finished: 0 });
    expect(await stats('from=2027-01-01T00:00:00.000Z')).toMatchObject({ total: 0 });
    const bad = await w.server.call('GET', '/api/job-cards/stats?from=yesterday', w.admin);
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
    expect(bad.json.message).toMatch(/^from must be a date/);
    expect((await w.server.call('GET', '/api/job-cards/stats?to=2026-13-45', w.admin)).status).toBe(400);
  });

  it("gives each row the report's columns and the job's lines, leaves deleted jobs out, and refuses bad paging", async () => {
    const report = async (query: string, token: string | null = w.admin) => w.server.call('GET', `/api/job-cards/report?${query}`, token);
    const created = await w.server.call(
      'POST',
      '/api/job-cards',
      w.staff,
      jobBody(w.sunil, {
        vehicleLicensePlate: 'RPT-0001',
        vehicleMake: 'Honda',
        vehicleModel: 'Fit',
        dateIn: '2027-01-01T09:00:00.000Z',
        jobServices: [jobService('Wheel alignment', 3000)],
        jobItems: [jobItem('Brake pad', 4500, { quantity: 2 })],
      }),
    );
    expect(created.status, created.json.message).toBe(201);
    const job = created.json.jobCard as Json;
    expect((await w.server.call('PUT', `/api/job-cards/${job._id}`, w.staff, { status: 'Finished' })).status).toBe(200);
    // Sold today: a sale's date lies within a day of the server's time (issue 24, point 10).
    const sale = await w.server.call('POST', '/api/sales/sales-invoices', w.staff, saleBody(w.sunil, [saleLine('Job work', 12000)], { jobCardId: job._id }));
    expect(sale.status, sale.json.message).toBe(201);
    const invoice = sale.json.invoice as Json;
    const gone = await w.server.call('POST', '/api/job-cards', w.staff, jobBody(w.sunil, { vehicleLicensePlate: 'RPT-0002', dateIn: '2027-01-02T09:00:00.000Z' }));
    expect((await w.server.call('DELETE', `/api/job-cards/${gone.json.jobCard._id}`, w.admin)).status).toBe(200);

    const found = (await report('q=rpt-', w.staff)).json;
    expect(found).toMatchObject({ success: true, total: 1, pages: 1, page: 1 });
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      _id: job._id,
      jobNumber: job.jobNumber,
      dateIn: '2027-01-01T09:00:00.000Z',
      customerName: 'Sunil Silva',
      customerPhone: '0719876543',
      vehicleLicensePlate: 'RPT-0001',
      vehicleMake: 'Honda',
      vehicleModel: 'Fit',
      status: 'Finished',
      invoiceId: invoice._id,
      invoiceNo: invoice.invoiceNo,
      jobServices: [{ serviceName: 'Wheel alignment', quantity: 1, unitPrice: 3000, servicePrice: 3000 }],
      jobItems: [{ itemName: 'Brake pad', quantity: 2, unitPrice: 4500, itemPrice: 9000 }],
    });
    // The newest job of all comes first when nothing is searched; the deleted one is nowhere.
    const first = (await report('page=1')).json;
    expect(first.results[0]._id).toBe(job._id);
    expect((await report('q=rpt-0002')).json).toMatchObject({ total: 0, results: [] });
    expect((await report('vehicleReg=rpt-0002')).json.total).toBe(0);

    // Filters trimmed and in any case; q and the named filters narrow together.
    expect((await report('q=%20%20RPT-0001%20')).json.total).toBe(1);
    expect((await report('customerName=SUNIL%20silva&vehicleReg=rpt')).json.total).toBe(1);
    expect((await report('q=rpt&phone=0771')).json.total).toBe(0);

    // Paging past the end answers no rows with the true total; a limit above 500 is cut to 500.
    expect((await report('q=rpt&page=3&limit=50')).json).toMatchObject({ results: [], total: 1, pages: 1, page: 3 });
    const all = (await report('limit=100000')).json;
    expect(all.results.length).toBe(Math.min(all.total, 500));
    expect(all.pages).toBe(Math.max(1, Math.ceil(all.total / 500)));
    expect((await report('limit=2&page=2')).json).toMatchObject({ page: 2, pages: Math.ceil(all.total / 2) });
    expect((await report('limit=2&page=2')).json.results).toHaveLength(2);

    for (const bad of ['page=0', 'page=abc', 'page=1e3', 'limit=0', 'limit=-5', 'limit=2.5']) {
      const refused = await report(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.json.success, bad).toBe(false);
      expect(refused.json.message, bad).toMatch(/^(page|limit) must be a whole number of at least 1\.$/);
    }
    expect((await report('page=1', null)).status).toBe(401);
  });
});
