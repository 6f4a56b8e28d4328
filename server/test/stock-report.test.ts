import { inTransaction } from '@server/db/prepared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { makeTestServer, sendRequest, type Json, type TestServer } from './helpers';
import { items, users } from '../src/db/schema';
import { reportLinkTtlMs } from '../src/routes/stock-report';
import { maxLowStockRows } from '../src/reports/low-stock-items';
import { itemBody, saleBody, saleLine } from '../../tests/factories';

// The Low Stock Report over HTTP (issue 10): the real app over a temporary SQLite file, served on a
// loopback port and called with real fetch; the PDFs read back with poppler's pdftotext.

const list = '/api/stock-report/low-stock-items';
const pdf = `${list}/report.pdf`;
const link = `${list}/report-link`;

interface Live {
  server: TestServer;
  http: Server;
  base: string;
}

async function listen(server: TestServer): Promise<Live> {
  const http = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  return { server, http, base: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

async function close({ server, http }: Live): Promise<void> {
  http.closeAllConnections();
  await new Promise<void>((resolve, reject) => http.close((error) => (error ? reject(error) : resolve())));
  server.close();
}

interface PdfAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The parsed body when it is JSON (a refusal), else null. */
  json: Json | null;
}

/** The PDF's text as laid out on the page (one table row a line), spaces collapsed. */
function pdfText(dir: string, bytes: Buffer): string {
  const file = join(dir, `${randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The signature with its last character's lowest bit flipped. */
function flipLowBit(signature: string): string {
  return signature.slice(0, -1) + base64url[base64url.indexOf(signature.at(-1)!) ^ 1];
}

describe('the low stock report over a real socket', () => {
  let live: Live;
  let admin: string;
  let staff: string;
  let staffId: string;
  let manager: string;
  const ids: Record<string, string> = {};
  const run = randomUUID().slice(0, 6);

  const get = async (path: string, token?: string, headers: Record<string, string> = {}) =>
    sendRequest((p, init) => fetch(`${live.base}${p}`, init), 'GET', path, { token, headers });
  const post = async (path: string, token?: string, body?: unknown) => sendRequest((p, init) => fetch(`${live.base}${p}`, init), 'POST', path, { token, body });
  async function getPdf(path: string, headers: Record<string, string> = {}): Promise<PdfAnswer> {
    const response = await fetch(`${live.base}${path}`, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    let json: Json | null = null;
    try {
      json = JSON.parse(bytes.toString('utf8')) as Json;
    } catch {
      // a PDF
    }
    return { status: response.status, headers: response.headers, bytes, json };
  }
  async function reportLink(token: string, threshold = '2'): Promise<string> {
    const answer = await post(`${link}?threshold=${threshold}`, token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ success: true, url: expect.stringMatching(/^\/api\/stock-report\/low-stock-items\/report\.pdf\?/) });
    return answer.json.url as string;
  }

  beforeAll(async () => {
    live = await listen(await makeTestServer());
    const { server } = live;
    admin = (await server.userWithRole('Admin')).token;
    manager = (await server.userWithRole('Manager')).token;
    const staffUser = await server.userWithRole('Staff');
    staff = staffUser.token;
    staffId = staffUser.id;
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await server.call(method, path, admin, body);
      expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
      return answer.json;
    };
    const filters = (await call('POST', '/api/categories', { name: 'Filters' })).category._id as string;
    const fuses = (await call('POST', '/api/categories', { name: 'Fuses' })).category._id as string;
    const item = async (key: string, itemName: string, stockQuantity: number, category = filters, unitPrice = 1250.5) => {
      ids[key] = (await call('POST', '/api/items', itemBody(category, { itemName, barcode: `${key}-${run}`, unitPrice, costPrice: 900, stockQuantity, reorderLevel: 3 }))).item
        ._id as string;
    };
    await item('OIL', 'Oil filter', 0);
    await item('AIR', 'air filter', 1.5, filters, 875);
    await item('PAD', 'Brake pad', 1);
    await item('ALPHA', 'Alpha clip', 0);
    await item('HOLDER', 'bulb holder', 0);
    await item('FUSE', 'Fuse 10A', 1, fuses, 40);
    await item('WIPER', 'Wiper blade', 2);
    await item('PLUG', 'Spark plug', 5);
    await item('BULB', 'Old bulb', 0);
    // Two registers sold the last brake pad: the second sale stands and stock goes to −1.
    for (let i = 0; i < 2; i++) await call('POST', '/api/sales/sales-invoices', saleBody(null, [saleLine('Brake pad', 1250.5, { itemId: ids.PAD })]));
    await call('DELETE', `/api/items/${ids.BULB}`);
    await call('DELETE', `/api/categories/${fuses}`);
  });
  afterAll(async () => close(live));
  afterEach(() => vi.useRealTimers());

  describe('GET /api/stock-report/low-stock-items', () => {
    it('lists live items below 2, negative stock first, then by name, each as the items routes give it with its category name', async () => {
      const answer = await get(`${list}?threshold=2`, staff);
      expect(answer.status).toBe(200);
      expect(Array.isArray(answer.json)).toBe(true);
      const rows = answer.json as unknown as Json[];
      expect(rows.map((row) => [row.itemName, row.stockQuantity, row.category?.name ?? null])).toEqual([
        ['Brake pad', -1, 'Filters'],
        ['Alpha clip', 0, 'Filters'],
        ['bulb holder', 0, 'Filters'], // names ignore case
        ['Oil filter', 0, 'Filters'],
        ['Fuse 10A', 1, null], // its category was deleted
        ['air filter', 1.5, 'Filters'],
      ]);
      // The items routes' shape, field for field.
      const catalogue = (await get(`/api/items?search=${run}`, staff)).json.items as Json[];
      for (const row of rows) expect(row).toEqual(catalogue.find((item) => item._id === row._id));
      // Staff read no cost price (issue 22: who reads what); the Admin's list carries it.
      expect(rows[5]).toMatchObject({ barcode: `AIR-${run}`, unitPrice: 875, reorderLevel: 3 });
      expect(rows[5]).not.toHaveProperty('costPrice');
      const asAdmin = (await get(`${list}?threshold=2`, admin)).json as unknown as Json[];
      expect(asAdmin[5]).toMatchObject({ barcode: `AIR-${run}`, unitPrice: 875, costPrice: 900, reorderLevel: 3 });
    });

    it('takes 2 when no threshold is given, and lists by any other threshold (exactly 2 is not low)', async () => {
      const names = async (query: string) => ((await get(`${list}${query}`, admin)).json as unknown as Json[]).map((row) => row.itemName);
      expect(await names('')).toEqual(await names('?threshold=2'));
      expect(await names('?threshold=')).toEqual(await names('?threshold=2'));
      expect(await names('?threshold=0')).toEqual(['Brake pad']);
      expect(await names('?threshold=1')).toEqual(['Brake pad', 'Alpha clip', 'bulb holder', 'Oil filter']);
      expect(await names('?threshold=2.01')).toEqual(['Brake pad', 'Alpha clip', 'bulb holder', 'Oil filter', 'Fuse 10A', 'air filter', 'Wiper blade']);
      expect(await names('?threshold=5.5')).toEqual(['Brake pad', 'Alpha clip', 'bulb holder', 'Oil filter', 'Fuse 10A', 'air filter', 'Wiper blade', 'Spark plug']);
    });

    it.each(['abc', '-1', '-0.01', '1e3', '0x10', '1000001', 'Infinity'])('refuses threshold=%s with a 400 that names it', async (threshold) => {
      const answer = await get(`${list}?threshold=${encodeURIComponent(threshold)}`, admin);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ success: false, message: expect.stringMatching(/^threshold must be a number from 0 to 1,000,000/) });
    });

    it('needs a session, and every role may read it', async () => {
      const refused = await get(list);
      expect(refused.status).toBe(401);
      expect(refused.json).toEqual({ success: false, message: 'Your session has expired. Please log in again.' });
      expect((await get(list, 'not-a-token')).status).toBe(401);
      for (const token of [admin, manager, staff]) expect((await get(list, token)).status).toBe(200);
    });
  });

  describe('GET .../report.pdf with the session header (an API client)', () => {
    it('answers the PDF inline as low_stock_items.pdf: title, time, total, one line per row, page footer', async () => {
      const answer = await getPdf(`${pdf}?threshold=2`, { Authorization: `Bearer ${staff}` });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toBe('inline; filename="low_stock_items.pdf"');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(live.server.dir, answer.bytes);
      expect(text).toContain('Low Stock Items Report (Qty < 2)');
      expect(text).toMatch(/Generated: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      expect(text).toContain('Total low stock items: 6');
      expect(text).toMatch(/Barcode Item Name Category Stock Reorder Lvl Unit Price/);
      const rowLines = text.split('\n').filter((line) => line.includes(`-${run}`));
      expect(rowLines.map((line) => line.trim())).toEqual([
        `PAD-${run} Brake pad Filters -1 (negative) 3 Rs. 1,250.50`,
        `ALPHA-${run} Alpha clip Filters 0 3 Rs. 1,250.50`,
        `HOLDER-${run} bulb holder Filters 0 3 Rs. 1,250.50`,
        `OIL-${run} Oil filter Filters 0 3 Rs. 1,250.50`,
        `FUSE-${run} Fuse 10A N/A 1 3 Rs. 40.00`,
        `AIR-${run} air filter Filters 1.5 3 Rs. 875.00`,
      ]);
      expect(text).toContain('Page 1 of 1');
      expect(text).not.toContain('Spark plug');
      expect(text).not.toContain('Old bulb');
    });

    it('lists by the threshold given, and refuses a bad one with a 400 in JSON', async () => {
      const one = await getPdf(`${pdf}?threshold=1`, { token: admin });
      expect(one.status).toBe(200);
      const text = pdfText(live.server.dir, one.bytes);
      expect(text).toContain('Low Stock Items Report (Qty < 1)');
      expect(text.split('\n').filter((line) => line.includes(`-${run}`))).toHaveLength(4);
      const bad = await getPdf(`${pdf}?threshold=-1`, { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual({ success: false, message: expect.stringMatching(/^threshold must be a number/) });
    });

    it('refuses a request with neither a session nor a link, or with an unknown token, with a 401 in JSON', async () => {
      for (const headers of [{}, { token: 'not-a-token' }, { Authorization: 'Bearer nope' }] as Record<string, string>[]) {
        const answer = await getPdf(`${pdf}?threshold=2`, headers);
        expect(answer.status).toBe(401);
        expect(answer.json).toEqual({ success: false, message: 'Your session has expired. Please log in again.' });
      }
    });
  });

  describe('the signed link for a new tab', () => {
    it('is made for a session (any role) and opens the PDF with no session token in it or beside it', async () => {
      expect((await post(`${link}?threshold=2`)).status).toBe(401);
      const url = await reportLink(staff);
      expect(url).not.toContain(staff);
      expect(url).not.toMatch(/token/i);
      const query = new URL(url, live.base).searchParams;
      expect(query.get('threshold')).toBe('2');
      expect(query.get('user')).toBe(staffId);
      expect(Number(query.get('expires'))).toBeGreaterThan(Date.now());
      expect(Number(query.get('expires'))).toBeLessThanOrEqual(Date.now() + reportLinkTtlMs);
      const opened = await getPdf(url);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('application/pdf');
      expect(pdfText(live.server.dir, opened.bytes)).toContain('Total low stock items: 6');
      for (const token of [admin, manager]) expect((await getPdf(await reportLink(token))).status).toBe(200);
    });

    it('carries its own threshold', async () => {
      const opened = await getPdf(await reportLink(admin, '0'));
      expect(opened.status).toBe(200);
      const text = pdfText(live.server.dir, opened.bytes);
      expect(text).toContain('Low Stock Items Report (Qty < 0)');
      expect(text.split('\n').filter((line) => line.includes(`-${run}`))).toHaveLength(1);
      const bad = await post(`${link}?threshold=abc`, admin);
      expect(bad.status).toBe(400);
      expect(bad.json.success).toBe(false);
    });

    it.each<[string, (query: URLSearchParams) => void]>([
      ['a threshold changed by hand', (q) => q.set('threshold', '5')],
      ['a threshold written another way', (q) => q.set('threshold', '2.0')],
      ['another user', (q) => q.set('user', randomUUID())],
      ['a later expiry', (q) => q.set('expires', String(Number(q.get('expires')) + 3600_000))],
      ['a wrong signature', (q) => q.set('signature', `${q.get('signature')!.slice(0, -2)}${q.get('signature')!.endsWith('AA') ? 'BB' : 'AA'}`)],
      // 32 bytes are 43 characters; the last one's two low bits are padding, so decoding would ignore this change.
      ['a padding bit of the signature changed', (q) => q.set('signature', flipLowBit(q.get('signature')!))],
      ['a signature from another link', (q) => q.set('signature', 'x'.repeat(43))],
      ['no expiry', (q) => q.delete('expires')],
      ['an empty signature', (q) => q.set('signature', '')],
    ])('is refused with %s (401, nothing else said)', async (_case, tamper) => {
      const url = new URL(await reportLink(staff), live.base);
      tamper(url.searchParams);
      const answer = await getPdf(`${url.pathname}?${url.searchParams}`);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ success: false, message: 'This report link is not valid. Open the report again from the Low Stock Report.' });
    });

    it('is refused once its minute has passed', async () => {
      const url = await reportLink(staff);
      expect((await getPdf(url)).status).toBe(200); // not used up by opening: a reload in the tab works within the minute
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + reportLinkTtlMs + 1000);
      const answer = await getPdf(url);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ success: false, message: 'This report link has expired. Open the report again from the Low Stock Report.' });
    });

    it('is refused when its user was deactivated meanwhile', async () => {
      const { server } = live;
      const user = await server.userWithRole('Staff');
      const url = await reportLink(user.token);
      await server.db.update(users).set({ status: false }).where(eq(users.id, user.id)).run();
      const answer = await getPdf(url);
      expect(answer.status).toBe(401);
      expect(answer.json?.success).toBe(false);
    });

    it('is refused by another server process on the same database (its key lives in memory only)', async () => {
      const url = await reportLink(staff);
      const other = await listen(await makeTestServer({ dir: live.server.dir }));
      try {
        const answer = await fetch(`${other.base}${url}`);
        expect(answer.status).toBe(401);
        expect((await fetch(`${live.base}${url}`)).status).toBe(200);
      } finally {
        other.http.closeAllConnections();
        await new Promise((resolve) => other.http.close(resolve));
        other.server.db.$client.close(); // not close(): the folder is the first server's
      }
    });
  });
});

describe('the low stock report at scale (5,000 items, 2,000 of them low)', () => {
  let live: Live;
  let token: string;

  beforeAll(async () => {
    live = await listen(await makeTestServer());
    token = (await live.server.userWithRole('Staff')).token;
    const now = new Date().toISOString();
    await inTransaction(live.server.db, async (tx) => {
      for (let i = 0; i < 5000; i++) {
        // 2,000 low ones spread from −1 to 1.99, the rest at 2 and above.
        const stockHundredths = i < 2000 ? (i % 300) - 100 : 200 + i;
        await tx
          .insert(items)
          .values({ id: `item-${i}`, version: i + 1, updatedAt: now, itemName: `Part ${String(i).padStart(4, '0')}`, barcode: `P${i}`, unitPriceCents: 1000 + i, stockHundredths })
          .run();
      }
    });
  });
  afterAll(async () => close(live));

  it('answers the list and the PDF in good time, the PDF paged with Page X of Y', async () => {
    let started = performance.now();
    const answer = await fetch(`${live.base}${list}?threshold=2`, { headers: { token } });
    const rows = (await answer.json()) as Json[];
    const listMs = performance.now() - started;
    expect(rows).toHaveLength(2000);
    expect(rows.map((row) => row.stockQuantity)).toEqual([...rows.map((row) => row.stockQuantity)].sort((a, b) => a - b));

    started = performance.now();
    const opened = await fetch(`${live.base}${pdf}?threshold=2`, { headers: { token } });
    const bytes = Buffer.from(await opened.arrayBuffer());
    const pdfMs = performance.now() - started;
    expect(opened.status).toBe(200);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: bytes, encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThan(30);
    const text = pdfText(live.server.dir, bytes);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('\n').filter((line) => /^\s*P\d+ Part \d{4}/.test(line))).toHaveLength(2000);
    console.log(`low stock report, 2,000 of 5,000 items: list ${listMs.toFixed(0)} ms, PDF ${pdfMs.toFixed(0)} ms (${pages} pages, ${(bytes.length / 1024).toFixed(0)} KB)`);
    expect(listMs).toBeLessThan(1000);
    expect(pdfMs).toBeLessThan(10_000);
  });

  // Issue 24, point 1: threshold=1000000 named all 50,000 items of a big shop (5 s on the server's one
  // thread). The list and the PDF hold at most maxLowStockRows, the emptiest first.
  it('caps the list and the PDF at 2,000 rows when the threshold names every item', async () => {
    const answer = await fetch(`${live.base}${list}?threshold=1000000`, { headers: { token } });
    const rows = (await answer.json()) as Json[];
    expect(rows).toHaveLength(maxLowStockRows);
    expect(rows[0]!.stockQuantity).toBe(-1);
    const opened = await fetch(`${live.base}${pdf}?threshold=1000000`, { headers: { token } });
    const text = pdfText(live.server.dir, Buffer.from(await opened.arrayBuffer()));
    expect(text.split('\n').filter((line) => /^\s*P\d+ Part \d{4}/.test(line))).toHaveLength(maxLowStockRows);
  });
});
