/**
 * Issue 23 (no money lost): a device's payment can reach the server before the sale it pays. The
 * sale was made on another register that has not sent it yet, or a restore from a backup took the
 * invoice back and its register sends it again later. The payment is recorded, never refused; the
 * sale, when it arrives, counts it. Over REST nothing has happened yet, so the same payment is refused.
 */
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { customerBody } from '../../tests/factories';

let server: TestServer;
let admin: string;
let customerId: string;
let deviceCode: string;
let push: ReturnType<typeof devicePusher>;
let sold = 0;
const clientId = 'device-early-payment-1';

beforeEach(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  push = devicePusher(server, admin, clientId);
  const post = async (path: string, body: Json) => postOk(server, admin, path, body);
  customerId = (await post('/api/customers', customerBody('Kamal Silva', '0771112222', 'CAD-5678'))).customer._id;
  deviceCode = (await post('/api/sync/device', { clientId })).code;
});
afterEach(() => server.close());

/** A credit sale of Rs. 5,000 of labour, as a register pushes it; `paid` taken at the counter. */
function creditSale(id: string, paid = 0): Json {
  return {
    id,
    invoiceNo: `INV-${deviceCode}-${String(++sold).padStart(5, '0')}`,
    date: new Date().toISOString(),
    customerId,
    lines: [{ id: randomUUID(), kind: 'service', refId: null, name: 'Engine tune-up', quantity: 1, unitPrice: 5000 }],
    taxRatePercent: 0,
    pricesIncludeTax: false,
    total: 5000,
    payment: { id: randomUUID(), method: paid > 0 ? 'Cash' : 'Credit', tendered: paid },
  };
}

const today = () => new Date().toISOString().slice(0, 10);
const invoiceStanding = async (id: string) => await server.db.$client.prepare('SELECT paidCents, dueCents, status, reviewState, reviewReason FROM invoices WHERE id = ?').get(id);
const paymentOf = async (id: string) => await server.db.$client.prepare('SELECT invoiceId, customerId, amountCents FROM payments WHERE id = ?').get(id);
const paymentReview = async (id: string) => await server.db.$client.prepare('SELECT reviewState, reviewReason FROM payments WHERE id = ?').get(id);
const raised = { reviewState: 'open', reviewReason: saleReviewReasons.paymentWithoutSale };
const notRaised = { reviewState: '', reviewReason: '' };

describe('a payment that reaches the server before its sale', () => {
  it('is recorded, and the sale counts it when it arrives', async () => {
    const invoiceId = randomUUID();
    const paymentId = randomUUID();
    expect(await push('recordPayment', { id: paymentId, invoiceId, date: today(), method: 'Card', amount: 2000 })).toMatchObject({ status: 'applied' });
    expect(await paymentOf(paymentId)).toEqual({ invoiceId, customerId: null, amountCents: 200_000 });
    // Money against an invoice the server does not hold waits in Sales to Review until its sale comes.
    expect(await paymentReview(paymentId)).toEqual(raised);

    expect(await push('checkoutSale', creditSale(invoiceId))).toMatchObject({ status: 'applied' });
    expect(await paymentOf(paymentId)).toEqual({ invoiceId, customerId, amountCents: 200_000 });
    expect(await paymentReview(paymentId)).toEqual(notRaised);
    expect(await invoiceStanding(invoiceId)).toEqual({ paidCents: 200_000, dueCents: 300_000, status: 'Due', reviewState: '', reviewReason: '' });
  });

  it('counts beside the payment taken with the sale itself', async () => {
    const invoiceId = randomUUID();
    expect(await push('recordPayment', { id: randomUUID(), invoiceId, date: today(), method: 'Cash', amount: 1000 })).toMatchObject({ status: 'applied' });
    expect(await push('checkoutSale', creditSale(invoiceId, 4000))).toMatchObject({ status: 'applied' });
    expect(await invoiceStanding(invoiceId)).toMatchObject({ paidCents: 500_000, dueCents: 0, status: 'Paid' });
  });

  it('in a bulk payment, is recorded with the bulk payment’s customer beside the allocations to invoices the server holds', async () => {
    const held = randomUUID();
    expect(await push('checkoutSale', creditSale(held))).toMatchObject({ status: 'applied' });
    const early = randomUUID();
    const allocations = [
      { invoiceId: held, paymentId: randomUUID(), amount: 5000 },
      { invoiceId: early, paymentId: randomUUID(), amount: 1500 },
    ];
    const bulk = { id: randomUUID(), customerId, date: today(), method: 'Cash', amount: 6500, note: '', allocations };
    expect(await push('recordBulkPayment', bulk)).toMatchObject({ status: 'applied' });
    expect(await paymentOf(allocations[1]!.paymentId)).toEqual({ invoiceId: early, customerId, amountCents: 150_000 });
    expect([await paymentReview(allocations[0]!.paymentId), await paymentReview(allocations[1]!.paymentId)]).toEqual([notRaised, raised]);
    expect(await invoiceStanding(held)).toMatchObject({ paidCents: 500_000, status: 'Paid' });

    expect(await push('checkoutSale', creditSale(early))).toMatchObject({ status: 'applied' });
    expect(await paymentReview(allocations[1]!.paymentId)).toEqual(notRaised);
    expect(await invoiceStanding(early)).toMatchObject({ paidCents: 150_000, dueCents: 350_000, status: 'Due' });
  });

  it('dated far from the server’s time, raises its sale’s review when the sale arrives', async () => {
    const invoiceId = randomUUID();
    expect(await push('recordPayment', { id: randomUUID(), invoiceId, date: '1970-01-01', method: 'Cash', amount: 100 })).toMatchObject({ status: 'applied' });
    expect(await push('checkoutSale', creditSale(invoiceId))).toMatchObject({ status: 'applied' });
    expect(await invoiceStanding(invoiceId)).toMatchObject({ paidCents: 10_000, reviewState: 'open', reviewReason: saleReviewReasons.paymentDateOutsideWindow('1970-01-01') });
  });

  it('whose sale the server refused stays raised for review, until a Manager marks it reviewed', async () => {
    const invoiceId = randomUUID();
    const paymentId = randomUUID();
    // A total that disagrees with its lines: only another build or a forged body sends one (refused).
    expect(await push('checkoutSale', { ...creditSale(invoiceId), total: 4000 })).toMatchObject({ status: 'rejected', httpStatus: 400 });
    expect(await push('recordPayment', { id: paymentId, invoiceId, date: today(), method: 'Cash', amount: 4000 })).toMatchObject({ status: 'applied' });
    expect(await paymentReview(paymentId)).toEqual(raised);
    // Every device learns of it with the payment's row (Sales to Review reads the device's data).
    const pulled = (await server.call('GET', '/api/sync/pull?since=0', admin)).json.changes.find((change: Json) => change.id === paymentId);
    expect(pulled.row).toMatchObject(raised);

    const staffPush = devicePusher(server, (await server.userWithRole('Staff')).token, 'device-early-payment-staff');
    expect(await staffPush('markSaleReviewed', { id: paymentId, kind: 'payment' })).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect(await push('markSaleReviewed', { id: paymentId, kind: 'payment' })).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT reviewState, reviewedBy FROM payments WHERE id = ?').get(paymentId)).toEqual({
      reviewState: 'reviewed',
      reviewedBy: 'Admin user',
    });
  });

  it('over REST is refused (404) and writes nothing: nothing has happened yet', async () => {
    const before = await countRows(server.db, 'payments');
    const response = await server.call('PUT', `/api/sales/due-invoices/${randomUUID()}/record-payment`, admin, { paymentDate: today(), paymentMethod: 'Cash', payingAmount: 10 });
    expect([response.status, response.json]).toEqual([404, { success: false, message: 'Invoice not found.' }]);
    expect(await countRows(server.db, 'payments')).toBe(before);
  });
});
