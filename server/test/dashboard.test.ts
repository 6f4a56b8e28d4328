import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestServer, type Json, type TestServer } from './helpers';
import { customerBody, jobBody, serviceSaleBody } from '../../tests/factories';
import { dashboardSummary } from '../src/dashboard/summary';
import { localDay } from '@shared/domain/dashboard';

// The real app over a temporary SQLite file (helpers.ts). The figures follow the server's clock, so
// the rows are dated around a `now` chosen in the test and the summary is computed for it directly;
// the routes are checked for their shapes, roles and inputs.

const hour = 3_600_000;
const day = 24 * hour;

interface World {
  server: TestServer;
  admin: string;
  staff: string;
  customer: string;
  serviceId: string;
}

async function world(): Promise<World> {
  const server = await makeTestServer();
  const admin = (await server.userWithRole('Admin')).token;
  const customer = (await server.call('POST', '/api/customers', admin, customerBody('Nimal Perera', '0772222222', 'CAB-2222'))).json.customer._id as string;
  const serviceId = (await server.call('POST', '/api/services', admin, { name: 'Labour', price: 1000 })).json.service._id as string;
  return { server, admin, staff: (await server.userWithRole('Staff')).token, customer, serviceId };
}

async function job(w: World, dateIn: Date, overrides: Json = {}) {
  const response = await w.server.call('POST', '/api/job-cards', w.staff, jobBody(w.customer, { vehicleLicensePlate: 'CAB-2222', dateIn: dateIn.toISOString(), ...overrides }));
  expect(response.status, response.json.message).toBe(201);
  return response.json.jobCard as Json;
}

async function sale(w: World, date: Date, total: number, paid: number) {
  const response = await w.server.call('POST', '/api/sales/sales-invoices', w.staff, serviceSaleBody(w.customer, w.serviceId, { date, total, paid }));
  expect(response.status, response.json.message).toBe(201);
  return response.json.invoice as Json;
}

const setFinishedAt = async (server: TestServer, id: string, at: Date) => server.db.$client.prepare('UPDATE job_cards SET finishedAt = ? WHERE id = ?').run(at.toISOString(), id);

describe('the dashboard summary', () => {
  let w: World;
  // A Wednesday at 14:00 local time: today is the whole day, last week the Wednesday before from midnight to 14:00.
  const now = new Date(2026, 10, 25, 14, 0);
  const todayAt = (h: number) => new Date(2026, 10, 25, h);
  const lastWeekAt = (h: number) => new Date(2026, 10, 18, h);

  beforeAll(async () => {
    w = await world();
    // Check-ins: three today (one dated later today counts: today runs to its end), one last week
    // before 14:00, and one after it (outside last week's stretch).
    await job(w, todayAt(9));
    await job(w, todayAt(15));
    const finishedToday = await job(w, todayAt(8));
    await job(w, lastWeekAt(10));
    await job(w, lastWeekAt(16));
    await job(w, new Date(now.getTime() - 3 * day));
    // Finishes: the server stamps its own time; placed here where the test needs them.
    await w.server.call('PUT', `/api/job-cards/${String(finishedToday._id)}`, w.admin, { status: 'Finished' });
    await setFinishedAt(w.server, String(finishedToday._id), todayAt(11));
    // Income: a sale today (1,500 of 2,000 paid), then 200 more recorded against it for today's
    // date (a day, as the due list records it), a sale last week at 10:00 and one at 20:00.
    const todaySale = await sale(w, todayAt(10), 2000, 1500);
    const record = await w.server.call('PUT', `/api/sales/due-invoices/${String(todaySale._id)}/record-payment`, w.staff, {
      date: localDay(now),
      method: 'Cash',
      amount: 200,
    });
    expect(record.status, record.json.message).toBe(200);
    await sale(w, lastWeekAt(10), 1000, 1000);
    await sale(w, lastWeekAt(20), 5000, 5000);
    await sale(w, new Date(now.getTime() + day), 700, 700);
  });
  afterAll(() => w.server.close());

  it("counts today's income, check-ins and finishes, and the same stretch of last week's same day", async () => {
    expect(await dashboardSummary(w.server.db, now)).toEqual({
      todayIncome: 1700,
      todayCheckIns: 3,
      resolvedIssues: 1,
      lastWeek: { todayIncome: 1000, todayCheckIns: 1, resolvedIssues: 0 },
    });
  });

  it('GET /api/dashboard/summary gives the spec fields for the server clock', async () => {
    const { status, json } = await w.server.call('GET', '/api/dashboard/summary', w.staff);
    expect(status).toBe(200);
    expect(json).toEqual({ success: true, ...(await dashboardSummary(w.server.db, new Date())) });
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['todayIncome', 'todayCheckIns', 'resolvedIssues']));
  });

  it('GET /api/dashboard/open lists the newest open jobs, with their lines, up to the limit', async () => {
    const { status, json } = await w.server.call('GET', '/api/dashboard/open?limit=3', w.staff);
    expect(status).toBe(200);
    expect(Array.isArray(json)).toBe(true);
    const jobs = json as unknown as Json[];
    expect(jobs.map((j) => j.status)).toEqual(['Open', 'Open', 'Open']);
    const dates = jobs.map((j) => String(j.dateIn));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(todayAt(15).toISOString());
    expect(jobs[0]).toMatchObject({ jobItems: [], jobServices: [], customerName: 'Nimal Perera' });
    const all = (await w.server.call('GET', '/api/dashboard/open', w.staff)).json as unknown as Json[];
    expect(all).toHaveLength(5);
  });

  it.each(['0', '201', 'ten', '2.5'])('refuses ?limit=%s with a clear message', async (limit) => {
    const { status, json } = await w.server.call('GET', `/api/dashboard/open?limit=${limit}`, w.staff);
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message: 'limit must be a whole number from 1 to 200.' });
  });

  it('needs a session', async () => {
    expect((await w.server.call('GET', '/api/dashboard/summary', null)).status).toBe(401);
    expect((await w.server.call('GET', '/api/dashboard/open', null)).status).toBe(401);
  });

  it('GET /api/job-cards/stats counts the jobs by status in a period, as the donut does', async () => {
    const from = new Date(2026, 10, 23).toISOString();
    const { json } = await w.server.call('GET', `/api/job-cards/stats?from=${from}&to=${now.toISOString()}`, w.staff);
    expect(json).toEqual({ success: true, finished: 1, suspended: 0, open: 1, total: 2 });
  });
});
