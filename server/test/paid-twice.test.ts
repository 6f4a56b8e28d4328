/**
 * Issue 47, point 4, on the real server and a real SQLite file: the counter and the tablet both took
 * the last Rs. 683 of an invoice offline. The payment that arrives second finds the invoice paid
 * beyond what its screen showed and is raised for review, never refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { customerBody, saleBody, saleLine } from '../../tests/factories';

let server: TestServer;
let admin: string;
const today = () => new Date().toISOString().slice(0, 10);

beforeEach(() => {
  server = makeTestServer();
  admin = server.userWithRole('Admin').token;
});
afterEach(() => server.close());

/** A register: its code, and a pusher as its outbox would send (`token`: whose session). */
async function register(clientId: string, token = admin) {
  const code = (await postOk(server, admin, '/api/sync/device', { clientId })).code as string;
  return { code, push: devicePusher(server, token, clientId) };
}

/** A customer owing the last Rs. 683 of a Rs. 2,683 invoice: ids and number. */
async function owing(name = 'Mohamed Rizwan', phone = '0765551234') {
  const customerId = (await postOk(server, admin, '/api/customers', customerBody(name, phone, `PT-${phone.slice(-4)}`))).customer._id as string;
  const { invoice } = await postOk(server, admin, '/api/sales/sales-invoices', saleBody(customerId, [saleLine('Timing belt', 2683)], { paidAmount: 2000 }));
  return { customerId, invoiceId: invoice._id as string, invoiceNo: invoice.invoiceNo as string };
}

const payment = (id: string) => server.db.$client.prepare('SELECT amountCents, method, register, reviewState, reviewReason, reviewedBy FROM payments WHERE id = ?').get(id) as Json;
const invoice = (id: string) => server.db.$client.prepare('SELECT paidCents, dueCents, status FROM invoices WHERE id = ?').get(id) as Json;
const credit = async (customerId: string) => (await server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, admin)).json.creditBalance as number;
const pay = (invoiceId: string, extra: Json = {}) => ({ id: randomUUID(), invoiceId, date: today(), method: 'Cash', amount: 683, dueShown: 683, ...extra });

describe('a payment that finds its invoice already paid by another device', () => {
  it('is recorded and raised for review; the first to arrive is not', async () => {
    const { customerId, invoiceId, invoiceNo } = await owing();
    const [counter, tablet] = [await register('register-counter'), await register('register-tablet')];
    const [first, second] = [pay(invoiceId), pay(invoiceId)];
    expect(await counter.push('recordPayment', first)).toMatchObject({ status: 'applied' });
    expect(await tablet.push('recordPayment', second)).toMatchObject({ status: 'applied' });
    expect(payment(first.id)).toMatchObject({ reviewState: '', reviewReason: '' });
    expect(payment(second.id)).toMatchObject({
      amountCents: 68_300,
      register: tablet.code,
      reviewState: 'open',
      reviewReason: saleReviewReasons.paidTwice('Rs. 683.00', invoiceNo),
    });
    expect(invoice(invoiceId)).toMatchObject({ paidCents: 336_600, dueCents: 0, status: 'Paid' });
    expect(await credit(customerId)).toBe(683);
  });

  it('is not raised where the overpayment was chosen or cannot be judged', async () => {
    const { invoiceId } = await owing();
    const counter = await register('register-counter');
    // Change left as credit on purpose: the screen showed Rs. 683 and took Rs. 1,000.
    const kept = pay(invoiceId, { amount: 1000 });
    expect(await counter.push('recordPayment', kept)).toMatchObject({ status: 'applied' });
    // A settled invoice paid again after the screen's question (it showed nothing owing).
    const again = pay(invoiceId, { dueShown: 0 });
    expect(await counter.push('recordPayment', again)).toMatchObject({ status: 'applied' });
    // An older build sends no due shown.
    const older = pay(invoiceId, { dueShown: undefined });
    expect(await counter.push('recordPayment', older)).toMatchObject({ status: 'applied' });
    for (const id of [kept.id, again.id, older.id]) expect(payment(id)).toMatchObject({ reviewState: '' });
    // Over REST the caller sees the due: allowed, as before (the screen asks first).
    const rest = await server.call('PUT', `/api/sales/due-invoices/${invoiceId}/record-payment`, admin, { paymentDate: today(), paymentMethod: 'Cash', payingAmount: 683 });
    expect(rest.status).toBe(200);
    expect(server.db.$client.prepare(`SELECT COUNT(*) AS n FROM payments WHERE reviewState = 'open'`).get()).toEqual({ n: 0 });
  });

  it('in a bulk payment, an allocation finding its invoice paid meanwhile is raised', async () => {
    const { customerId, invoiceId, invoiceNo } = await owing();
    const [counter, tablet] = [await register('register-counter'), await register('register-tablet')];
    expect(await counter.push('recordPayment', pay(invoiceId))).toMatchObject({ status: 'applied' });
    const allocation = { paymentId: randomUUID(), invoiceId, amount: 683 };
    const bulk = { id: randomUUID(), customerId, date: today(), method: 'Cash', amount: 683, note: '', allocations: [allocation] };
    expect(await tablet.push('recordBulkPayment', bulk)).toMatchObject({ status: 'applied' });
    expect(payment(allocation.paymentId)).toMatchObject({ reviewState: 'open', reviewReason: saleReviewReasons.paidTwice('Rs. 683.00', invoiceNo) });
  });
});
