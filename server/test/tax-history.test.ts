/**
 * Issue 24, point 8: the company's tax setting keeps its history, each change with the time it
 * happened, and a sale's tax is checked against the setting in force when it was made. Over REST
 * another setting is refused (sales.test.ts); a register's pushed sale was printed and paid, so it
 * stands as sold and is reviewed, unless its setting was in force then or in the week before (a
 * register offline across the change sells with the setting it knew).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { devicePusher, makeTestServer, type Json, type TestServer } from './helpers';
import { saleReviewReasons } from '@shared/domain/sale-review';

let server: TestServer;
let admin: string;
let deviceCode: string;
let push: ReturnType<typeof devicePusher>;
let sold = 0;
const clientId = 'device-tax-history-1';

const dayMs = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString();

const history = async () =>
  (await server.db.$client.prepare('SELECT taxRatePercent, pricesIncludeTax, effectiveAt FROM tax_history ORDER BY effectiveAt').all()) as {
    taxRatePercent: number;
    pricesIncludeTax: number;
    effectiveAt: string;
  }[];

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  push = devicePusher(server, admin, clientId);
  deviceCode = (await server.call('POST', '/api/sync/device', admin, { clientId })).json.code;
  // The register has been in use for two months: its times are not believed before the server met it (device-time.ts).
  await server.db.$client.prepare('UPDATE devices SET createdAt = ? WHERE clientId = ?').run(daysAgo(60), clientId);
  // Twenty days ago the shop saved its details without tax; ten days ago it began adding 10 %.
  expect(
    await push(
      'saveCompany',
      { name: 'Lanka Motors', email: 'office@lanka.lk', phone: '0112345678', address: '1 Galle Road', footer: '', taxRatePercent: 0, pricesIncludeTax: true },
      daysAgo(20),
    ),
  ).toMatchObject({ status: 'applied' });
  expect(await push('saveCompany', { taxRatePercent: 10, pricesIncludeTax: false }, daysAgo(10))).toMatchObject({ status: 'applied' });
});
afterAll(() => server.close());

/** A service sale as a register pushes it, taxed as given; its total follows from the tax. */
function sale(tax: { rate: number; includes: boolean }): Json & { id: string } {
  const total = tax.includes ? 1000 : 1000 * (1 + tax.rate / 100);
  return {
    id: randomUUID(),
    invoiceNo: `INV-${deviceCode}-${String(++sold).padStart(5, '0')}`,
    date: new Date().toISOString(),
    lines: [{ id: randomUUID(), kind: 'service', refId: null, name: 'Engine tune-up', quantity: 1, unitPrice: 1000 }],
    taxRatePercent: tax.rate,
    pricesIncludeTax: tax.includes,
    total,
    payment: { id: randomUUID(), method: 'Cash', tendered: total },
  };
}

const review = async (id: string) => await server.db.$client.prepare('SELECT taxRatePercent, pricesIncludeTax, reviewState, reviewReason FROM invoices WHERE id = ?').get(id);

describe('the tax history', () => {
  it('holds each change of the setting at the time it was made, and nothing for a save that keeps the tax', async () => {
    expect(await push('saveCompany', { footer: 'Thank you' })).toMatchObject({ status: 'applied' });
    const changes = await history();
    expect(changes.map((row) => [row.taxRatePercent, row.pricesIncludeTax])).toEqual([[10, 0]]);
    expect(Math.abs(Date.parse(changes[0]!.effectiveAt) - Date.parse(daysAgo(10)))).toBeLessThan(60_000);
  });
});

describe('a pushed sale', () => {
  it.each([
    ['taxed as the shop taxes now', { rate: 10, includes: false }, 0],
    ['made twelve days ago, before the change, without tax', { rate: 0, includes: true }, 12],
    ['made five days ago without tax, by a register offline since before the change', { rate: 0, includes: true }, 5],
  ])('%s stands with nothing to review', async (_what, tax, age) => {
    const args = sale(tax);
    expect(await push('checkoutSale', args, daysAgo(age))).toMatchObject({ status: 'applied' });
    expect(await review(args.id)).toEqual({ taxRatePercent: tax.rate, pricesIncludeTax: Number(tax.includes), reviewState: '', reviewReason: '' });
  });

  it.each([
    ['made now without tax, more than a week after the change', { rate: 0, includes: true }, 'no tax'],
    ['made now at a rate the shop never charged', { rate: 15, includes: false }, '15 % added to prices'],
    ['made now with the rate included in prices instead of added', { rate: 10, includes: true }, '10 % included in prices'],
  ])('%s stands as sold, raised for review', async (_what, tax, words) => {
    const args = sale(tax);
    expect(await push('checkoutSale', args)).toMatchObject({ status: 'applied' });
    expect(await review(args.id)).toEqual({
      taxRatePercent: tax.rate,
      pricesIncludeTax: Number(tax.includes),
      reviewState: 'open',
      reviewReason: saleReviewReasons.taxNotInForce(words, '10 % added to prices'),
    });
  });
});
