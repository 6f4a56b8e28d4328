/**
 * Issue 46: a sale or a return made over REST without a number takes the server's next one
 * (INV-SRV-…, CN-SRV-…), read in the sale's own transaction, under the writers' lock, not before it.
 * So twenty at once never pick the same number, through one server (both engines) or through two
 * servers on one PostgreSQL database, each with a pool of its own, as two processes are. The two
 * servers run in the PG pass only (TEST_ENGINE=postgres): a SQLite file has one server process, and two
 * connections to it in one process wait on each other's write lock (SQLITE_BUSY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../tests/support/test-database';
import { makeTestServer, sendRequest, type Json, type TestServer } from './helpers';
import { saleBody, saleLine } from '../../tests/factories';

const count = 20;
const numbers = (prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-SRV-${String(i + 1).padStart(5, '0')}`);

/** Twenty REST sales without a number at once, then a return of each, the requests dealt to `servers` in turn. */
async function salesAndReturnsAtOnce(servers: TestServer[], admin: string) {
  const postAtOnce = async (path: string, bodies: Json[]) =>
    Promise.all(bodies.map(async (body, i) => sendRequest((input, init) => servers[i % servers.length]!.app.request(input, init), 'POST', path, { token: admin, body })));

  const sales = await postAtOnce(
    '/api/sales/sales-invoices',
    Array.from({ length: count }, (_, i) => saleBody(null, [saleLine(`Labour ${i + 1}`, 1000)], { customerName: 'Walk-in' })),
  );
  expect(sales.map((r) => [r.status, r.json.message])).toEqual(new Array(count).fill([201, 'Invoice created']));
  expect(sales.map((r) => r.json.invoice.invoiceNo as string).sort()).toEqual(numbers('INV'));
  // Each answer names the number the database holds for its sale.
  for (const sale of sales) {
    const held = await servers[0]!.db.$client.prepare('SELECT invoiceNo FROM invoices WHERE id = ?').pluck().get(sale.json.invoice._id);
    expect(held).toBe(sale.json.invoice.invoiceNo);
  }

  const returns = await postAtOnce(
    '/api/returns',
    sales.map((sale) => ({
      invoiceId: sale.json.invoice._id,
      reason: 'Not needed',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: (sale.json.invoice.items as Json[])[0]!._id, quantity: 1 }],
    })),
  );
  expect(returns.map((r) => [r.status, r.json.message])).toEqual(returns.map((r) => [201, `Return recorded: credit note ${r.json.creditNote?.creditNoteNo}.`]));
  expect(returns.map((r) => r.json.creditNote.creditNoteNo as string).sort()).toEqual(numbers('CN'));
}

describe('one server: REST sales and returns without a number at once', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await makeTestServer();
  });
  afterAll(() => server.close());

  it(`${count} sales take ${count} consecutive numbers, none refused; so do their ${count} returns`, async () => {
    await salesAndReturnsAtOnce([server], (await server.userWithRole('Admin')).token);
  });
});

describe.skipIf(testEngine() !== 'postgres')('two servers on one PostgreSQL database: REST sales and returns without a number at once', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await makeTestServer();
    // The same database opened again: a second pool, as a second process has.
    second = await makeTestServer({ dir: first.dir });
  });
  afterAll(() => {
    second.close();
    first.close();
  });

  it(`${count} sales take ${count} consecutive numbers, none refused; so do their ${count} returns`, async () => {
    await salesAndReturnsAtOnce([first, second], (await first.userWithRole('Admin')).token);
  });
});
