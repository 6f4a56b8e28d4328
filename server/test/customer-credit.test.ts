/**
 * Issue 26: customer credit, against the real server and a real SQLite file. A refund kept as credit
 * and an invoice paid beyond what it owes are the customer's credit; 'Customer Credit' spends it on
 * any of their invoices, at the register, in Record Payment and in a bulk payment, never below 0 and
 * never giving change. It moves no money: Today Income leaves it out. Over REST spending more than is
 * left is a 400 that writes nothing; from a device (the goods have gone) it is recorded and reviewed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { customerCreditMethod as credit } from '@shared/domain/customer-credit';
import { paymentMessages } from '@shared/schemas/payment';
import { customerBody } from '../../tests/factories';

let server: TestServer;
let admin: string;
let customerId: string;
let code: string;
let push: ReturnType<typeof devicePusher>;
let sold = 0;

beforeEach(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  customerId = (await postOk(server, admin, '/api/customers', customerBody('Nimal Perera', '0771234567', 'CAB-1234'))).customer._id;
  code = (await postOk(server, admin, '/api/sync/device', { clientId: 'register-a' })).code;
  push = devicePusher(server, admin, 'register-a');
});
afterEach(() => server.close());

/** A pushed sale of one Rs. `price` service line to Nimal (or a guest), paid `tendered` by `method`. */
async function sell(price: number, tendered: number, method = 'Cash', extra: Json = {}) {
  const id = typeof extra.id === 'string' ? extra.id : randomUUID();
  const lineId = randomUUID();
  const outcome = await push('checkoutSale', {
    id,
    invoiceNo: `INV-${code}-${String(++sold).padStart(5, '0')}`,
    date: new Date().toISOString(),
    customerId,
    lines: [{ id: lineId, kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice: price }],
    taxRatePercent: 0,
    pricesIncludeTax: true,
    total: price,
    payment: { id: randomUUID(), method, tendered },
    ...extra,
  });
  return { id, lineId, outcome };
}

const balance = async () => (await server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, admin)).json.creditBalance;
const todayIncome = async () => (await server.call('GET', '/api/dashboard/summary', admin)).json.todayIncome;
const review = async (invoiceId: string) => (await server.db.$client.prepare('SELECT reviewState, reviewReason FROM invoices WHERE id = ?').get(invoiceId)) as Json;
const payOver = async (invoiceId: string, body: Json) =>
  server.call('PUT', `/api/sales/due-invoices/${invoiceId}/record-payment`, admin, { paymentDate: new Date().toISOString().slice(0, 10), ...body });

/** A Rs. 2,000 sale paid in cash, then returned in full with the refund kept as credit. */
async function creditOf2000() {
  const sale = await sell(2000, 2000);
  const answer = await server.call('POST', '/api/returns', admin, {
    invoiceId: sale.id,
    reason: 'Not needed',
    refundMethod: credit,
    lines: [{ invoiceLineId: sale.lineId, quantity: 1 }],
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return sale;
}

describe('customer credit', () => {
  it("a refund kept as credit is the customer's credit, and moves no money", async () => {
    expect(await balance()).toBe(0);
    await creditOf2000();
    expect(await balance()).toBe(2000);
    // Rs. 2,000 came in as cash; keeping the refund as credit handed nothing back.
    expect(await todayIncome()).toBe(2000);
  });

  it('the extra left with the shop at the register is credit too', async () => {
    await sell(2700, 3000, 'Cash', {});
    expect(await balance()).toBe(0);
    const kept = await sell(2700, 3000, 'Cash', { payment: { id: randomUUID(), method: 'Cash', tendered: 3000, keepExcess: true } });
    expect(kept.outcome).toMatchObject({ status: 'applied' });
    expect(await balance()).toBe(300);
  });

  it('spent at the register, by Record Payment and by a bulk payment, down to 0; none of it is income', async () => {
    await creditOf2000();
    const atRegister = await sell(500, 500, credit);
    expect(atRegister.outcome).toMatchObject({ status: 'applied' });
    expect(await balance()).toBe(1500);
    const owed = await sell(1000, 0, 'Credit');
    const paid = await payOver(owed.id, { paymentMethod: credit, payingAmount: 1000 });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.invoice).toMatchObject({ due: 0, status: 'Paid' });
    expect(await balance()).toBe(500);
    const owedMore = await sell(800, 0, 'Credit');
    const bulk = await push('recordBulkPayment', {
      id: randomUUID(),
      customerId,
      date: new Date().toISOString().slice(0, 10),
      method: credit,
      amount: 500,
      allocations: [{ paymentId: randomUUID(), invoiceId: owedMore.id, amount: 500 }],
    });
    expect(bulk).toMatchObject({ status: 'applied' });
    expect(await balance()).toBe(0);
    expect(await todayIncome()).toBe(2000);
  });

  it('over REST, more than is left is a 400 in words and writes nothing', async () => {
    await creditOf2000();
    const owed = await sell(3000, 0, 'Credit');
    const payments = await countRows(server.db, 'payments');
    const answer = await payOver(owed.id, { paymentMethod: credit, payingAmount: 2500 });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: false, message: paymentMessages.creditShort('Rs. 2,000.00') });
    expect(await countRows(server.db, 'payments')).toBe(payments);
    expect(await balance()).toBe(2000);
    // Credit gives no change: handing over more than the payment is refused too.
    const change = await payOver(owed.id, { paymentMethod: credit, payingAmount: 1000, tenderedAmount: 1500 });
    expect(change.json).toEqual({ success: false, message: paymentMessages.creditNoChange });
  });

  it('from a device, more than is left stands (the goods have gone) and is raised for review', async () => {
    await creditOf2000();
    // Two registers spent the same credit offline: this one reaches the server second.
    await sell(1500, 1500, credit);
    const second = await sell(1500, 1500, credit);
    expect(second.outcome).toMatchObject({ status: 'applied' });
    expect(await review(second.id)).toEqual({
      reviewState: 'open',
      reviewReason: 'Paid Rs. 1,500.00 with customer credit when Rs. 500.00 was left on the server: another register may have spent it meanwhile.',
    });
    // The customer now owes the Rs. 1,000 spent twice.
    expect(await balance()).toBe(-1000);
  });

  it('a correction that takes back credit already spent: over REST a 400 that writes nothing; from a device recorded and reviewed', async () => {
    const overpaid = await sell(2700, 3000, 'Cash', { payment: { id: randomUUID(), method: 'Cash', tendered: 3000, keepExcess: true } });
    await sell(200, 200, credit);
    expect(await balance()).toBe(100);
    const payments = await countRows(server.db, 'payments');
    const correction = { paymentMethod: 'Cash', payingAmount: -300, note: 'Rs. 2,700 was handed over' };
    const refused = await payOver(overpaid.id, correction);
    expect(refused.json).toEqual({ success: false, message: paymentMessages.creditAlreadySpent('Rs. 200.00') });
    expect(refused.status).toBe(400);
    expect(await countRows(server.db, 'payments')).toBe(payments);
    // What was not spent may be taken back.
    expect((await payOver(overpaid.id, { ...correction, payingAmount: -100 })).status).toBe(200);
    expect(await balance()).toBe(0);
    expect(await review(overpaid.id)).toEqual({ reviewState: '', reviewReason: '' });
    // A register corrected it offline while the credit was being spent: it stands, for review.
    const pushed = await push('recordPayment', {
      id: randomUUID(),
      invoiceId: overpaid.id,
      date: new Date().toISOString().slice(0, 10),
      method: 'Cash',
      amount: -200,
      note: 'Correction',
    });
    expect(pushed).toMatchObject({ status: 'applied' });
    expect(await review(overpaid.id)).toEqual({
      reviewState: 'open',
      reviewReason: 'A correction took back Rs. 200.00 paid beyond what this invoice owes, when Rs. 200.00 of that customer credit had already been spent: the customer owes it.',
    });
    expect(await balance()).toBe(-200);
  });

  it('credit spent on a sale that reached the server after its payment is checked when the sale arrives', async () => {
    const invoiceId = randomUUID();
    // The payment by credit of a sale made on another register, sent before that register sent the sale.
    const early = await push('recordPayment', { id: randomUUID(), invoiceId, date: new Date().toISOString().slice(0, 10), method: credit, amount: 300, note: '' });
    expect(early).toMatchObject({ status: 'applied' });
    const sale = await sell(1000, 0, 'Credit', { id: invoiceId });
    expect(sale.outcome).toMatchObject({ status: 'applied' });
    expect(await review(invoiceId)).toEqual({
      reviewState: 'open',
      reviewReason: 'Paid Rs. 300.00 with customer credit when Rs. 0.00 was left on the server: another register may have spent it meanwhile.',
    });
    expect(await balance()).toBe(-300);
  });

  it('a guest has no account: a guest sale by credit is a 400, even from a device', async () => {
    await creditOf2000();
    const guest = await sell(500, 500, credit, { customerId: null, guest: true });
    expect(guest.outcome).toMatchObject({ status: 'rejected', httpStatus: 400, message: paymentMessages.creditNeedsCustomer });
  });
});
