/**
 * Issue 47, point 4, on the real server and a real SQLite file: the counter and the tablet both took
 * the last Rs. 683 of an invoice offline. The payment that arrives second finds the invoice paid
 * beyond what its screen showed and is raised for review, never refused; a Manager settles it by
 * 'Refund' (a negative payment by its method, on the Manager's register) or 'Keep as credit'.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { paidTwiceMessages, paidTwiceRefundId } from '@shared/mutations/review';
import { paymentMessages } from '@shared/schemas/payment';
import { customerBody, saleBody, saleLine } from '../../tests/factories';

let server: TestServer;
let admin: string;
const today = () => new Date().toISOString().slice(0, 10);

beforeEach(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
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

const payment = async (id: string) =>
  (await server.db.$client.prepare('SELECT amountCents, method, register, reviewState, reviewReason, reviewedBy FROM payments WHERE id = ?').get(id)) as Json;
const invoice = async (id: string) => (await server.db.$client.prepare('SELECT paidCents, dueCents, status FROM invoices WHERE id = ?').get(id)) as Json;
const credit = async (customerId: string) => (await server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, admin)).json.creditBalance as number;
const pay = (invoiceId: string, extra: Json = {}) => ({ id: randomUUID(), invoiceId, date: today(), method: 'Cash', amount: 683, dueShown: 683, ...extra });

describe('a payment that finds its invoice already paid by another device', () => {
  it('is recorded and raised for review; the first to arrive is not', async () => {
    const { customerId, invoiceId, invoiceNo } = await owing();
    const [counter, tablet] = [await register('register-counter'), await register('register-tablet')];
    const [first, second] = [pay(invoiceId), pay(invoiceId)];
    expect(await counter.push('recordPayment', first)).toMatchObject({ status: 'applied' });
    expect(await tablet.push('recordPayment', second)).toMatchObject({ status: 'applied' });
    expect(await payment(first.id)).toMatchObject({ reviewState: '', reviewReason: '' });
    expect(await payment(second.id)).toMatchObject({
      amountCents: 68_300,
      register: tablet.code,
      reviewState: 'open',
      reviewReason: saleReviewReasons.paidTwice('Rs. 683.00', invoiceNo),
    });
    expect(await invoice(invoiceId)).toMatchObject({ paidCents: 336_600, dueCents: 0, status: 'Paid' });
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
    for (const id of [kept.id, again.id, older.id]) expect(await payment(id)).toMatchObject({ reviewState: '' });
    // Over REST the caller sees the due: allowed, as before (the screen asks first).
    const rest = await server.call('PUT', `/api/sales/due-invoices/${invoiceId}/record-payment`, admin, { paymentDate: today(), paymentMethod: 'Cash', payingAmount: 683 });
    expect(rest.status).toBe(200);
    expect(await server.db.$client.prepare(`SELECT COUNT(*) AS n FROM payments WHERE reviewState = 'open'`).get()).toEqual({ n: 0 });
  });

  it('in a bulk payment, an allocation finding its invoice paid meanwhile is raised', async () => {
    const { customerId, invoiceId, invoiceNo } = await owing();
    const [counter, tablet] = [await register('register-counter'), await register('register-tablet')];
    expect(await counter.push('recordPayment', pay(invoiceId))).toMatchObject({ status: 'applied' });
    const allocation = { paymentId: randomUUID(), invoiceId, amount: 683 };
    const bulk = { id: randomUUID(), customerId, date: today(), method: 'Cash', amount: 683, note: '', allocations: [allocation] };
    expect(await tablet.push('recordBulkPayment', bulk)).toMatchObject({ status: 'applied' });
    expect(await payment(allocation.paymentId)).toMatchObject({ reviewState: 'open', reviewReason: saleReviewReasons.paidTwice('Rs. 683.00', invoiceNo) });
  });
});

describe("a Manager's settlement of a payment taken twice", () => {
  /** The invoice paid on both registers; the tablet's payment raised. */
  async function paidTwice() {
    const owed = await owing();
    const [counter, tablet] = [await register('register-counter'), await register('register-tablet')];
    await counter.push('recordPayment', pay(owed.invoiceId));
    const second = pay(owed.invoiceId);
    await tablet.push('recordPayment', second);
    return { ...owed, counter, tablet, paymentId: second.id };
  }
  const settle = (paymentId: string, invoiceId: string, choice: 'refund' | 'credit') => ({ id: paymentId, invoiceId, choice, date: today() });

  it("'Refund' hands it back by its method on the Manager's register: the invoice is paid exactly, no credit is left", async () => {
    const { customerId, invoiceId, invoiceNo, paymentId } = await paidTwice();
    const office = await register('back-office');
    expect(await office.push('settlePaidTwice', settle(paymentId, invoiceId, 'refund'))).toMatchObject({ status: 'applied' });
    expect(await payment(paidTwiceRefundId(paymentId))).toMatchObject({ amountCents: -68_300, method: 'Cash', register: office.code, reviewState: '' });
    expect(await payment(paymentId)).toMatchObject({ reviewState: 'reviewed', reviewReason: saleReviewReasons.paidTwice('Rs. 683.00', invoiceNo) });
    expect(await invoice(invoiceId)).toMatchObject({ paidCents: 268_300, dueCents: 0, status: 'Paid' });
    expect(await credit(customerId)).toBe(0);
    // Settled: a second refund is refused in words; keeping it as credit changes nothing.
    expect(await office.push('settlePaidTwice', settle(paymentId, invoiceId, 'refund'))).toMatchObject({ status: 'rejected', message: paidTwiceMessages.settled });
    expect(await office.push('settlePaidTwice', settle(paymentId, invoiceId, 'credit'))).toMatchObject({ status: 'applied' });
    expect(await invoice(invoiceId)).toMatchObject({ paidCents: 268_300 });
  });

  it("'Keep as credit' leaves the overpayment as the customer's credit and closes the review", async () => {
    const { customerId, invoiceId, paymentId, counter } = await paidTwice();
    expect(await counter.push('settlePaidTwice', settle(paymentId, invoiceId, 'credit'))).toMatchObject({ status: 'applied' });
    expect(await payment(paymentId)).toMatchObject({ reviewState: 'reviewed' });
    expect(await invoice(invoiceId)).toMatchObject({ paidCents: 336_600 });
    expect(await payment(paidTwiceRefundId(paymentId))).toBeUndefined();
    expect(await credit(customerId)).toBe(683);
  });

  it('a refund of credit the customer has spent since is refused in words', async () => {
    const { customerId, invoiceId, paymentId, counter } = await paidTwice();
    const other = (await postOk(server, admin, '/api/sales/sales-invoices', saleBody(customerId, [saleLine('Wiper blades', 683)], { paidAmount: 0 }))).invoice._id as string;
    expect(await counter.push('recordPayment', pay(other, { method: 'Customer Credit' }))).toMatchObject({ status: 'applied' });
    expect(await counter.push('settlePaidTwice', settle(paymentId, invoiceId, 'refund'))).toMatchObject({
      status: 'rejected',
      message: paymentMessages.creditAlreadySpent('Rs. 683.00'),
    });
    expect(await payment(paymentId)).toMatchObject({ reviewState: 'open' });
  });

  it('is a Manager’s: Staff are refused, and a payment not raised as taken twice is not settled so', async () => {
    const { invoiceId, paymentId } = await paidTwice();
    const staff = await register('staff-tablet', (await server.userWithRole('Staff')).token);
    expect(await staff.push('settlePaidTwice', settle(paymentId, invoiceId, 'credit'))).toMatchObject({ status: 'rejected', httpStatus: 403 });
    const { invoiceId: otherInvoice } = await owing('Anoma Gunasekara', '0765554321');
    const plain = pay(otherInvoice);
    const counter = await register('register-counter-2');
    await counter.push('recordPayment', plain);
    expect(await counter.push('settlePaidTwice', settle(plain.id, otherInvoice, 'refund'))).toMatchObject({ status: 'rejected', message: paidTwiceMessages.notRaised });
  });

  it("a cash refund leaves the Manager's drawer: its open session expects it out", async () => {
    const { invoiceId, paymentId } = await paidTwice();
    const office = await register('back-office');
    const sessionId = randomUUID();
    await office.push('openDrawer', { id: sessionId, float: 5000 });
    await office.push('settlePaidTwice', settle(paymentId, invoiceId, 'refund'));
    await office.push('closeDrawer', {
      sessionId,
      zNumber: `Z-${office.code}-00001`,
      count: { 100_000: 4, 10_000: 3, 1_000: 1, 500: 1, 200: 1 },
      expected: 4317,
      differenceReason: '',
    });
    expect(await server.db.$client.prepare('SELECT expectedCents, reviewState FROM drawer_sessions WHERE id = ?').get(sessionId)).toEqual({
      expectedCents: 431_700,
      reviewState: '',
    });
  });
});
