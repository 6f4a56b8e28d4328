import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { defaultWhatsappTemplates } from '@shared/domain/whatsapp-templates';

// WhatsApp (issue 45, point 4) on a real server and SQLite file: the log's author and time are the
// server's to state, Staff record it too, and a template too long for a link is refused whole.
let server: TestServer;
let admin: { id: string; token: string };
let staff: { id: string; token: string };
const clientId = 'tablet-wa';
const dayMs = 24 * 3600_000;
const metAt = Date.now() - 30 * dayMs;

beforeAll(async () => {
  server = await makeTestServer();
  admin = await server.userWithRole('Admin');
  staff = await server.userWithRole('Staff');
  await postOk(server, admin.token, '/api/sync/device', { clientId });
  // The server met this device 30 days ago: a time before that is not believed (shared/domain/device-time.ts).
  await server.db.$client.prepare('UPDATE devices SET createdAt = ?').run(new Date(metAt).toISOString());
});
afterAll(() => server.close());

/** One entry pushed as the device's outbox sends it, with what the device says of itself: its outcome. */
async function push(token: string, name: string, args: Json, device: { createdAt?: string; clockOffsetMs?: number; authorId?: string; authorName?: string } = {}) {
  const response = await server.call('POST', '/api/sync/push', token, {
    clientId,
    mutations: [{ id: randomUUID(), clientId, seq: 1, name, args, createdAt: device.createdAt ?? new Date().toISOString(), ...device }],
  });
  expect(response.status).toBe(200);
  return response.json.results[0] as Json;
}

const logRow = async (id: string) => (await server.db.$client.prepare('SELECT * FROM whatsapp_log WHERE id = ?').get(id)) as Json | undefined;
const opened = (overrides: Json = {}) => ({ id: randomUUID(), customerId: randomUUID(), plate: 'CAB-1234', kind: 'estimate', refId: randomUUID(), ...overrides });

describe('recordWhatsappOpened: who and when are the server’s', () => {
  it('Staff may record it; the author is the session’s user, whatever the device names', async () => {
    const args = opened();
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    // Another user's entry is not sent by this session: refused, nothing written.
    const other = opened();
    expect(await push(staff.token, 'recordWhatsappOpened', other, { authorId: admin.id, authorName: 'Admin user' })).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect(await logRow(other.id)).toBeUndefined();
    const result = await push(staff.token, 'recordWhatsappOpened', args, { createdAt: fiveMinutesAgo, authorId: staff.id, authorName: 'The Owner' });
    expect(result).toMatchObject({ status: 'applied' });
    const row = (await logRow(args.id))!;
    expect(row).toMatchObject({ customerId: args.customerId, plate: 'CAB-1234', kind: 'estimate', refId: args.refId, userId: staff.id, userName: 'Staff user', clockAheadMs: 0 });
    // Within its bounds, the device's time stands; the arrival is the server's.
    expect(row.at).toBe(fiveMinutesAgo);
    expect(Date.parse(row.receivedAt)).toBeGreaterThanOrEqual(Date.parse(fiveMinutesAgo));
  });

  it.each([
    ['a clock an hour ahead: the arrival, flagged', 3600_000, (at: number, received: number) => at === received, (flag: number) => flag > 3500_000],
    ['a clock at 1970: when the server met the device, flagged behind', -Date.now(), (at: number) => at === metAt, (flag: number) => flag < -20 * dayMs],
  ])('%s', async (_name, offsetMs, atRule, flagRule) => {
    const args = opened({ kind: 'reminder' });
    const result = await push(staff.token, 'recordWhatsappOpened', args, { createdAt: new Date(Date.now() + offsetMs).toISOString() });
    expect(result).toMatchObject({ status: 'applied' });
    const row = (await logRow(args.id))!;
    expect(atRule(Date.parse(row.at), Date.parse(row.receivedAt))).toBe(true);
    expect(flagRule(row.clockAheadMs)).toBe(true);
  });

  it('the same opening sent twice is recorded once; a kind it does not know is refused', async () => {
    const args = opened();
    expect(await push(staff.token, 'recordWhatsappOpened', args)).toMatchObject({ status: 'applied' });
    expect(await push(staff.token, 'recordWhatsappOpened', args)).toMatchObject({ status: 'rejected', message: 'This WhatsApp opening was already recorded.' });
    expect(await push(staff.token, 'recordWhatsappOpened', opened({ kind: 'invoice' }))).toMatchObject({
      status: 'rejected',
      httpStatus: 400,
      message: 'The message kind must be reminder, declined or estimate.',
    });
  });
});

const details = { name: 'Perera Motors', address: '12 Galle Road, Colombo 03', email: 'office@perera.lk', phone: '0112345678' };
const tooLong = `{name} ${'ස'.repeat(220)}`;

describe('the shop’s WhatsApp templates', () => {
  it('saves and answers them; a blank one is the default', async () => {
    const put = await server.call('PUT', '/api/company', admin.token, { ...details, whatsappReminderSi: 'ආයුබෝවන් {name},\n{plate}: {due} {when}.' });
    expect(put.status).toBe(200);
    const { json } = await server.call('GET', '/api/company', staff.token);
    expect(json.company).toMatchObject({ whatsappReminderSi: 'ආයුබෝවන් {name},\n{plate}: {due} {when}.', whatsappReminderEn: '', whatsappEstimateTa: '' });
    expect(defaultWhatsappTemplates.reminder.si).not.toBe(json.company.whatsappReminderSi);
  });

  it('a template too long for a WhatsApp link is refused: 400, its message, nothing written', async () => {
    const response = await server.call('PUT', '/api/company', admin.token, { ...details, whatsappReminderSi: tooLong });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      success: false,
      message: 'The Sinhala Service due message is too long for a WhatsApp link: with long names filled in it makes 2,077 characters (at most 2,000). Shorten it.',
    });
    const { json } = await server.call('GET', '/api/company', admin.token);
    expect(json.company.whatsappReminderSi).toBe('ආයුබෝවන් {name},\n{plate}: {due} {when}.');
    // From a device too: refused, the record as the server holds it.
    const result = await push(admin.token, 'saveCompany', { id: 'company', whatsappDeclinedTa: tooLong });
    expect(result).toMatchObject({ status: 'rejected', httpStatus: 400 });
    expect(String(result.message)).toMatch(/^The Tamil Declined work follow-up message is too long for a WhatsApp link/);
  });
});

describe('customers: message language and no reminders', () => {
  const customer = (overrides: Json = {}) => ({
    customerName: `Kamala ${randomUUID().slice(0, 6)}`,
    email: 'kamala@example.lk',
    phone: '0771234567',
    address: 'Jaffna',
    vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2016, licensePlate: `NP ${randomUUID().slice(0, 4)}` }],
    ...overrides,
  });

  it('are saved and answered; left out, English and reminded', async () => {
    const tamil = await postOk(server, staff.token, '/api/customers', customer({ language: 'ta', noReminders: true }));
    expect(tamil.customer).toMatchObject({ language: 'ta', noReminders: true });
    const plain = await postOk(server, staff.token, '/api/customers', customer());
    expect(plain.customer).toMatchObject({ language: 'en', noReminders: false });
    const edited = await server.call('PUT', `/api/customers/${plain.customer.id}`, staff.token, { language: 'si' });
    expect(edited.json.customer).toMatchObject({ language: 'si', noReminders: false });
  });

  it('a language it does not know is refused with its message', async () => {
    const response = await server.call('POST', '/api/customers', staff.token, customer({ language: 'fr' }));
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, message: 'Message language must be English, Sinhala or Tamil.' });
  });
});
