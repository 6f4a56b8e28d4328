import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { company } from '../src/db/schema';
import type { Role } from '@shared/domain/permissions';
import { maxLogoBytes } from '@shared/schemas/company';
import { countRows, devicePusher, makeTestServer, type TestServer } from './helpers';

// A real temporary SQLite file and the real app, called through app.request() (no port): see helpers.ts.
let server: TestServer;
const tokens = {} as Record<Role, string>;

/** A data URL whose decoded image is `bytes` long (the content need not be a real picture). */
const pngDataUrl = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

const details = (overrides: Record<string, unknown> = {}) => ({
  name: 'Silva Auto Care',
  address: '12 Galle Road, Colombo 03',
  email: 'Office@SilvaAuto.lk',
  phone: '0112345678',
  footer: 'Thank you for your business!',
  ...overrides,
});

beforeAll(async () => {
  server = await makeTestServer();
  for (const role of ['Admin', 'Manager', 'Staff'] as const) tokens[role] = (await server.userWithRole(role)).token;
});

afterAll(() => server.close());

describe('GET /api/company', () => {
  it('answers the defaults before anything was saved', async () => {
    const { status, json } = await server.call('GET', '/api/company', tokens.Staff);
    expect(status).toBe(200);
    expect(json).toEqual({
      success: true,
      company: {
        name: '',
        address: '',
        phone: '',
        email: '',
        logoUrl: '',
        footer: '',
        taxRatePercent: 0,
        pricesIncludeTax: true,
        receiptLayout: 'square',
        expenseCategories: '',
        vatNumber: '',
        itemisedReceipt: false,
        roundCash: false,
        // The shop's WhatsApp templates (issue 45): blank, the defaults.
        whatsappReminderEn: '',
        whatsappReminderSi: '',
        whatsappReminderTa: '',
        whatsappDeclinedEn: '',
        whatsappDeclinedSi: '',
        whatsappDeclinedTa: '',
        whatsappEstimateEn: '',
        whatsappEstimateSi: '',
        whatsappEstimateTa: '',
        updatedAt: null,
      },
    });
  });
});

describe('PUT /api/company', () => {
  it('saves the details (an upsert) and answers them', async () => {
    const logoUrl = pngDataUrl(1000);
    const { status, json } = await server.call('PUT', '/api/company', tokens.Admin, details({ logoUrl, taxRatePercent: 10, pricesIncludeTax: false }));
    expect(status).toBe(200);
    expect(json.success).toBe(true);
    expect(json.message).toBe('Company details saved.');
    expect(json.company).toMatchObject({
      name: 'Silva Auto Care',
      email: 'office@silvaauto.lk',
      phone: '0112345678',
      address: '12 Galle Road, Colombo 03',
      footer: 'Thank you for your business!',
      // Kept apart and named by path (issue 24, point 2): the record stays small.
      // Named by its bytes' digest: the same image saved again is the same path.
      logoUrl: expect.stringMatching(/^\/api\/company\/logo\/[0-9a-f]{64}$/),
      taxRatePercent: 10,
      pricesIncludeTax: false,
    });
    expect(await server.db.select().from(company).all()).toHaveLength(1);
    const read = await server.call('GET', '/api/company', tokens.Staff);
    expect(read.json.company).toEqual(json.company);
    // The image, without a session (an <img> sends none), cached for good: a logo's id never changes its bytes.
    const image = await server.app.request(json.company.logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(image.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.alloc(1000, 7));
  });

  it('keeps the stored logo when the body has no logoUrl (sent only when changed)', async () => {
    const before = (await server.call('GET', '/api/company', tokens.Admin)).json.company;
    const { status, json } = await server.call('PUT', '/api/company', tokens.Manager, details({ name: 'Silva Auto Care (Pvt) Ltd' }));
    expect(status).toBe(200);
    expect(json.company.name).toBe('Silva Auto Care (Pvt) Ltd');
    expect(json.company.logoUrl).toBe(before.logoUrl);
    expect(await server.db.select().from(company).all()).toHaveLength(1);
  });

  it('saves the receipt printer, and a save without it keeps it', async () => {
    const saved = await server.call('PUT', '/api/company', tokens.Admin, details({ receiptLayout: 'thermal80' }));
    expect(saved.status).toBe(200);
    expect(saved.json.company.receiptLayout).toBe('thermal80');
    const later = await server.call('PUT', '/api/company', tokens.Admin, details());
    expect(later.json.company.receiptLayout).toBe('thermal80');
    await server.call('PUT', '/api/company', tokens.Admin, details({ receiptLayout: 'square' }));
    expect((await server.call('GET', '/api/company', tokens.Staff)).json.company.receiptLayout).toBe('square');
  });

  it('saves the VAT number and the itemised receipt (issue 47); a save without them keeps them', async () => {
    const saved = await server.call('PUT', '/api/company', tokens.Admin, details({ vatNumber: ' 114-567-890-7000 ', itemisedReceipt: true }));
    expect(saved.status).toBe(200);
    expect(saved.json.company).toMatchObject({ vatNumber: '114-567-890-7000', itemisedReceipt: true });
    const later = await server.call('PUT', '/api/company', tokens.Admin, details());
    expect(later.json.company).toMatchObject({ vatNumber: '114-567-890-7000', itemisedReceipt: true });
    const refused = await server.call('PUT', '/api/company', tokens.Admin, details({ vatNumber: 'x'.repeat(31) }));
    expect(refused.json).toEqual({ success: false, message: 'VAT Number must be at most 30 characters.' });
    await server.call('PUT', '/api/company', tokens.Admin, details({ vatNumber: '', itemisedReceipt: false }));
    expect((await server.call('GET', '/api/company', tokens.Staff)).json.company).toMatchObject({ vatNumber: '', itemisedReceipt: false });
  });

  it("saves the shop's expense categories; a list with a name twice is a 400 that changes nothing", async () => {
    const saved = await server.call('PUT', '/api/company', tokens.Admin, details({ expenseCategories: 'Rent\nTyre disposal' }));
    expect(saved.status).toBe(200);
    expect(saved.json.company.expenseCategories).toBe('Rent\nTyre disposal');
    const refused = await server.call('PUT', '/api/company', tokens.Admin, details({ expenseCategories: 'Fuel\nfuel' }));
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ success: false, message: 'fuel is listed twice.' });
    expect((await server.call('GET', '/api/company', tokens.Staff)).json.company.expenseCategories).toBe('Rent\nTyre disposal');
  });

  it('ignores an id in the body: there is one company record', async () => {
    await server.call('PUT', '/api/company', tokens.Admin, { ...details(), id: 'other' });
    expect((await server.db.select().from(company).all()).map((row) => row.id)).toEqual(['company']);
  });

  it('refuses Staff with 403 and changes nothing', async () => {
    const before = (await server.call('GET', '/api/company', tokens.Admin)).json.company;
    const { status, json } = await server.call('PUT', '/api/company', tokens.Staff, details({ name: 'Hijacked' }));
    expect(status).toBe(403);
    expect(json).toEqual({ success: false, message: 'Your role (Staff) may not do this.' });
    expect((await server.call('GET', '/api/company', tokens.Admin)).json.company).toEqual(before);
  });

  it('refuses a logo over 2 MB with 400 and keeps the old one', async () => {
    const before = (await server.call('GET', '/api/company', tokens.Admin)).json.company;
    const { status, json } = await server.call('PUT', '/api/company', tokens.Admin, details({ logoUrl: pngDataUrl(3 * 1024 * 1024) }));
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message: 'The logo must be at most 2 MB.' });
    expect((await server.call('GET', '/api/company', tokens.Admin)).json.company.logoUrl).toBe(before.logoUrl);
  });

  it('accepts a logo of exactly 2 MB', async () => {
    const { status } = await server.call('PUT', '/api/company', tokens.Admin, details({ logoUrl: pngDataUrl(maxLogoBytes) }));
    expect(status).toBe(200);
  });

  it.each([
    [{ name: '' }, 'Company Name is required.'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ phone: ' ' }, 'Phone is required.'],
    [{ address: undefined }, 'Address is required.'],
    [{ logoUrl: 'data:text/html;base64,PGI+' }, 'The logo must be a PNG, JPG or GIF image.'],
    [{ taxRatePercent: 120 }, 'Tax rate must be between 0 and 100.'],
    [{ receiptLayout: 'a4' }, 'Receipt printer must be Receipt 5.5 × 5.5 in or Thermal 80 mm.'],
  ])('refuses %j with 400', async (overrides, message) => {
    const { status, json } = await server.call('PUT', '/api/company', tokens.Admin, details(overrides));
    expect(status).toBe(400);
    expect(json).toEqual({ success: false, message });
  });

  it('applies a replayed save with the same Idempotency-Key once', async () => {
    const headers = { 'Idempotency-Key': `company-${randomUUID()}` };
    const first = await server.call('PUT', '/api/company', tokens.Admin, details({ footer: 'Once' }), headers);
    const versionAfterFirst = (await server.db.select().from(company).get())!.version;
    const second = await server.call('PUT', '/api/company', tokens.Admin, details({ footer: 'Once' }), headers);
    expect(second.status).toBe(200);
    expect(second.json.company).toEqual(first.json.company);
    expect((await server.db.select().from(company).get())!.version).toBe(versionAfterFirst);
  });
});

describe('the logo kept apart from the record (issue 24, point 2)', () => {
  it('leaves the record, its pull and its refused states a few hundred bytes, whatever the logo’s size', async () => {
    const saved = await server.call('PUT', '/api/company', tokens.Admin, details({ logoUrl: pngDataUrl(maxLogoBytes) }));
    expect(saved.status).toBe(200);
    const states = await server.callWithText('POST', '/api/sync/records', tokens.Staff, { keys: ['company:company'] });
    expect(states.status).toBe(200);
    expect(states.text.length).toBeLessThan(2_000);
    expect(states.json.records[0].row.logoUrl).toBe(saved.json.company.logoUrl);
    const pull = await server.callWithText('GET', '/api/sync/pull?since=0', tokens.Staff);
    expect(pull.status).toBe(200);
    expect(pull.json.changes.find((change: { table: string }) => change.table === 'company').row.logoUrl).toBe(saved.json.company.logoUrl);
    expect(pull.text.length).toBeLessThan(5_000);
    const image = await server.app.request(saved.json.company.logoUrl);
    expect((await image.arrayBuffer()).byteLength).toBe(maxLogoBytes);
  });

  it('takes its path sent back as it came, and refuses a path to no logo with 400, changing nothing', async () => {
    const before = (await server.call('GET', '/api/company', tokens.Admin)).json.company;
    const resent = await server.call('PUT', '/api/company', tokens.Admin, details({ logoUrl: before.logoUrl, footer: 'Resent' }));
    expect([resent.status, resent.json.company.logoUrl]).toEqual([200, before.logoUrl]);
    for (const logoUrl of ['/api/company/logo/no-such-logo', '/api/company/logo/../../user']) {
      const refused = await server.call('PUT', '/api/company', tokens.Admin, details({ logoUrl }));
      expect(refused.status, logoUrl).toBe(400);
      expect(refused.json.success).toBe(false);
    }
    expect((await server.call('GET', '/api/company', tokens.Admin)).json.company.logoUrl).toBe(before.logoUrl);
  });

  it('answers 404 for a logo that is not there', async () => {
    const missing = await server.app.request(`/api/company/logo/${randomUUID()}`);
    expect(missing.status).toBe(404);
  });
});

describe('only the logo the record names is kept, its bytes once (issue 42, point 10)', () => {
  /** A data URL of a 2 MB image whose bytes are all `fill`. */
  const logoOf = (fill: number) => `data:image/png;base64,${Buffer.alloc(maxLogoBytes, fill).toString('base64')}`;
  // A server of their own: the file's server holds the edits of the tests above, made now.
  let fresh: TestServer;
  let admin: string;
  let manager: string;
  beforeEach(async () => {
    fresh = await makeTestServer();
    admin = (await fresh.userWithRole('Admin')).token;
    manager = (await fresh.userWithRole('Manager')).token;
  });
  afterEach(() => fresh.close());
  const logoRows = async () => countRows(fresh.db, 'company_logos');
  const stored = async () => (await fresh.call('GET', '/api/company', admin)).json.company;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  it('8 saves of new logos leave one image, and the database no bigger than about two', async () => {
    for (let fill = 1; fill <= 8; fill++) expect((await fresh.call('PUT', '/api/company', admin, details({ logoUrl: logoOf(fill) }))).status).toBe(200);
    expect(await logoRows()).toBe(1);
    const image = await fresh.app.request((await stored()).logoUrl);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.alloc(maxLogoBytes, 8));
    fresh.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = Number(fresh.db.$client.pragma('page_count', { simple: true })) * Number(fresh.db.$client.pragma('page_size', { simple: true }));
    // A 2 MB image is 2.8 MB as a data URL: a save holds the new one beside the old until it commits.
    expect(bytes).toBeLessThan(7 * 1024 * 1024);
  });

  it('the same image saved again is the same row and path; removing the logo removes the image', async () => {
    const first = (await fresh.call('PUT', '/api/company', admin, details({ logoUrl: logoOf(21) }))).json.company.logoUrl;
    const again = (await fresh.call('PUT', '/api/company', manager, details({ logoUrl: logoOf(21), footer: 'Again' }))).json.company.logoUrl;
    expect([again, await logoRows()]).toEqual([first, 1]);
    expect((await fresh.call('PUT', '/api/company', admin, details({ logoUrl: '' }))).json.company.logoUrl).toBe('');
    expect(await logoRows()).toBe(0);
  });

  it('a late edit from an offline device loses its logo to the later one, keeps its other fields, and leaves no image behind', async () => {
    const push = devicePusher(fresh, manager, 'logo-tablet');
    expect(await push('saveCompany', { id: 'company', ...details({ logoUrl: logoOf(31) }) }, hoursAgo(3))).toMatchObject({ status: 'applied' });
    const oldPath = (await stored()).logoUrl;
    expect(await push('saveCompany', { id: 'company', logoUrl: logoOf(32) }, hoursAgo(1))).toMatchObject({ status: 'applied' });
    const newPath = (await stored()).logoUrl;
    expect([newPath === oldPath, await logoRows()]).toEqual([false, 1]);
    // Made two hours ago, offline: its logo (the old path, whose image is gone, or an image of its
    // own) is older than the one that stands, so only its footer, edited later than before, is taken.
    expect(await push('saveCompany', { id: 'company', logoUrl: oldPath, footer: 'Late footer' }, hoursAgo(2))).toMatchObject({ status: 'applied' });
    expect(await push('saveCompany', { id: 'company', logoUrl: logoOf(33) }, hoursAgo(2))).toMatchObject({ status: 'applied' });
    expect(await stored()).toMatchObject({ logoUrl: newPath, footer: 'Late footer' });
    expect(await logoRows()).toBe(1);
    // Made now, the same old path would replace the logo with one the server no longer holds: refused.
    const refused = await fresh.call('PUT', '/api/company', admin, details({ logoUrl: oldPath }));
    expect([refused.status, refused.json.message]).toEqual([400, 'That logo is not on the server. Choose the image again.']);
    expect([(await stored()).logoUrl, await logoRows()]).toEqual([newPath, 1]);
  });
});
