/**
 * Issue 26: returns and credit notes, against the real server and a real SQLite file. A return is
 * worth the sale's own prices for what came back, first reduces what is still owed, refunds the rest
 * by a method that paid at least that much, restocks the parts that go back to stock, and counts each
 * line's returnable quantity once across devices: a refund already handed over on a device stands
 * (raised for review), anything else beyond what is left is refused with what is left.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type Json, type TestServer } from './helpers';
import { returnMessages } from '@shared/schemas/return';
import { customerBody, itemBody } from '../../tests/factories';

let server: TestServer;
let admin: string;
let customerId: string;
let itemId: string;
let codeA: string;
let codeB: string;
let pushA: ReturnType<typeof devicePusher>;
let pushB: ReturnType<typeof devicePusher>;
let sold = 0;
let returned = 0;

beforeEach(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  const post = async (path: string, body: Json) => postOk(server, admin, path, body);
  customerId = (await post('/api/customers', customerBody('Nimal Perera', '0771234567', 'CAB-1234'))).customer._id;
  const category = (await post('/api/categories', { name: 'Filters' })).category._id;
  itemId = (await post('/api/items', itemBody(category, { itemName: 'Oil filter', unitPrice: 1100, stockQuantity: 10 }))).item._id;
  codeA = (await post('/api/sync/device', { clientId: 'register-a' })).code;
  codeB = (await post('/api/sync/device', { clientId: 'register-b' })).code;
  pushA = devicePusher(server, admin, 'register-a');
  pushB = devicePusher(server, admin, 'register-b');
});
afterEach(() => server.close());

interface SaleOptions {
  paid?: number;
  method?: string;
  tax?: { taxRatePercent: number; pricesIncludeTax: boolean };
  guest?: boolean;
}

/** Register A sells 2 oil filters at Rs. 1,100 and a Rs. 3,000 tune-up; answers the invoice and its line ids. */
async function sell({ paid = 5200, method = 'Cash', tax = { taxRatePercent: 0, pricesIncludeTax: true }, guest = false }: SaleOptions = {}) {
  const id = randomUUID();
  const filterLine = randomUUID();
  const serviceLine = randomUUID();
  if (tax.taxRatePercent > 0) {
    const saved = await server.call('PUT', '/api/company', admin, {
      name: 'Garage',
      address: '1 Main Street',
      phone: '0112345678',
      email: 'garage@mail.lk',
      taxRatePercent: tax.taxRatePercent,
      pricesIncludeTax: tax.pricesIncludeTax,
    });
    expect(saved.status).toBe(200);
  }
  const subTotal = 5200;
  const total = tax.pricesIncludeTax ? subTotal : subTotal + 2 * 110 + 300;
  const outcome = await pushA('checkoutSale', {
    id,
    invoiceNo: `INV-${codeA}-${String(++sold).padStart(5, '0')}`,
    date: new Date().toISOString(),
    customerId: guest ? null : customerId,
    guest,
    lines: [
      { id: filterLine, kind: 'item', refId: itemId, name: 'Oil filter', quantity: 2, unitPrice: 1100, warrantyMonths: 6 },
      { id: serviceLine, kind: 'service', refId: null, name: 'Engine tune-up', quantity: 1, unitPrice: 3000 },
    ],
    ...tax,
    total,
    payment: { id: randomUUID(), method: paid > 0 ? method : 'Credit', tendered: paid },
  });
  expect(outcome).toMatchObject({ status: 'applied' });
  return { id, filterLine, serviceLine, total };
}

const invoice = async (id: string) => (await server.db.$client.prepare('SELECT totalCents, returnedCents, paidCents, dueCents, status FROM invoices WHERE id = ?').get(id)) as Json;
const stock = async () => ((await server.db.$client.prepare('SELECT stockHundredths FROM items WHERE id = ?').get(itemId)) as Json).stockHundredths;
const writes = async () => ({
  creditNotes: await countRows(server.db, 'credit_notes'),
  lines: await countRows(server.db, 'credit_note_lines'),
  payments: await countRows(server.db, 'payments'),
  movements: await countRows(server.db, 'stock_movements'),
  stock: await stock(),
});
const returnOver = async (body: Json) => server.call('POST', '/api/returns', admin, body);
const deviceReturn = (code: string, invoiceId: string, lines: Json[], extra: Json = {}): Json => ({
  id: randomUUID(),
  creditNoteNo: `CN-${code}-${String(++returned).padStart(5, '0')}`,
  invoiceId,
  date: new Date().toISOString(),
  reason: 'Not needed',
  refundMethod: 'Cash',
  refundPaymentId: randomUUID(),
  lines: lines.map((line) => ({ id: randomUUID(), ...line })),
  ...extra,
});

describe('a return over REST', () => {
  it('of the whole of a paid sale is worth exactly its total: all refunded, the parts back in stock', async () => {
    const sale = await sell();
    expect(await stock()).toBe(800);
    const answer = await returnOver({
      invoiceId: sale.id,
      reason: 'Wrong part',
      refundMethod: 'Cash',
      lines: [
        { invoiceLineId: sale.filterLine, quantity: 2 },
        { invoiceLineId: sale.serviceLine, quantity: 1 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      success: true,
      message: 'Return recorded: credit note CN-SRV-00001.',
      creditNote: { creditNoteNo: 'CN-SRV-00001', total: 5200, reducedDue: 0, refund: 5200, refundMethod: 'Cash' },
    });
    expect(await invoice(sale.id)).toEqual({ totalCents: 520_000, returnedCents: 520_000, paidCents: 0, dueCents: 0, status: 'Paid' });
    expect(await stock()).toBe(1000);
    const refund = await server.db.$client.prepare('SELECT amountCents, method FROM payments WHERE invoiceId = ? AND amountCents < 0').get(sale.id);
    expect(refund).toEqual({ amountCents: -520_000, method: 'Cash' });
    // Listed with the invoice.
    const listed = await server.call('GET', `/api/returns?invoiceId=${sale.id}`, admin);
    expect(listed.json.creditNotes.map((note: Json) => [note.creditNoteNo, note.items.length])).toEqual([['CN-SRV-00001', 2]]);
  });

  it('with tax added to the prices: a full return is the sale’s total, tax included', async () => {
    const sale = await sell({ tax: { taxRatePercent: 10, pricesIncludeTax: false }, paid: 5720 });
    expect(sale.total).toBe(5720);
    const answer = await returnOver({
      invoiceId: sale.id,
      reason: 'Not needed',
      refundMethod: 'Cash',
      lines: [
        { invoiceLineId: sale.filterLine, quantity: 2 },
        { invoiceLineId: sale.serviceLine, quantity: 1 },
      ],
    });
    expect(answer.json.creditNote).toMatchObject({ subTotal: 5200, tax: 520, total: 5720, refund: 5720 });
  });

  it('of a sale on credit reduces what is owed and hands nothing back', async () => {
    const sale = await sell({ paid: 0 });
    const answer = await returnOver({ invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] });
    expect(answer.json.creditNote).toMatchObject({ total: 1100, reducedDue: 1100, refund: 0 });
    expect(await invoice(sale.id)).toEqual({ totalCents: 520_000, returnedCents: 110_000, paidCents: 0, dueCents: 410_000, status: 'Due' });
    expect(await countRows(server.db, 'payments', `invoiceId = '${sale.id}'`)).toBe(0);
  });

  it('of a sale partly paid takes what is owed first, then refunds the rest', async () => {
    const sale = await sell({ paid: 4600 }); // Rs. 600 still owed
    const answer = await returnOver({ invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] });
    expect(answer.json.creditNote).toMatchObject({ total: 1100, reducedDue: 600, refund: 500 });
    expect(await invoice(sale.id)).toMatchObject({ returnedCents: 110_000, paidCents: 410_000, dueCents: 0, status: 'Paid' });
  });

  it('of a part scrapped or sent to its supplier leaves stock as it was, the ledger saying why', async () => {
    const sale = await sell();
    await returnOver({
      invoiceId: sale.id,
      reason: 'Faulty under warranty',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: sale.filterLine, quantity: 1, disposition: 'supplier', supplierName: 'Lanka Filters' }],
    });
    await returnOver({ invoiceId: sale.id, reason: 'Faulty under warranty', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.filterLine, quantity: 1, disposition: 'scrap' }] });
    expect(await stock()).toBe(800);
    const notes = await server.db.$client.prepare("SELECT quantityHundredths, note FROM stock_movements WHERE reason = 'return' ORDER BY quantityHundredths, note").all();
    expect(notes).toEqual([
      { quantityHundredths: -100, note: 'back to the supplier Lanka Filters' },
      { quantityHundredths: -100, note: 'scrapped (damaged)' },
      { quantityHundredths: 100, note: '' },
      { quantityHundredths: 100, note: '' },
    ]);
  });

  describe('bad input gets a 400 with its words, and writes nothing', () => {
    it.each<[string, (sale: Awaited<ReturnType<typeof sell>>) => Json, string]>([
      ['more than is left', (sale) => ({ lines: [{ invoiceLineId: sale.filterLine, quantity: 3 }] }), 'Only 2 of Oil filter can still be returned.'],
      ['a quantity of 0', (sale) => ({ lines: [{ invoiceLineId: sale.filterLine, quantity: 0 }] }), returnMessages.quantity],
      ['a negative quantity', (sale) => ({ lines: [{ invoiceLineId: sale.filterLine, quantity: -1 }] }), returnMessages.quantity],
      ['no lines', () => ({ lines: [] }), returnMessages.noLines],
      ['a line of another invoice', () => ({ lines: [{ invoiceLineId: randomUUID(), quantity: 1 }] }), returnMessages.otherInvoiceLine],
      ['a part that is not the line’s', (sale) => ({ lines: [{ invoiceLineId: sale.filterLine, itemId: randomUUID(), quantity: 1 }] }), returnMessages.otherInvoiceLine],
      [
        'one line twice',
        (sale) => ({
          lines: [
            { invoiceLineId: sale.filterLine, quantity: 1 },
            { invoiceLineId: sale.filterLine, quantity: 1 },
          ],
        }),
        returnMessages.duplicateLine,
      ],
      [
        'a refund by a method that paid less',
        (sale) => ({ refundMethod: 'Card', lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] }),
        'At most Rs. 0.00 was paid on this invoice by Card: the refund cannot be more.',
      ],
      [
        'a credit note number of a register',
        (sale) => ({ creditNoteNo: `CN-${codeA}-00001`, lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] }),
        returnMessages.creditNoteNo,
      ],
      ['Other without a note', (sale) => ({ reason: 'Other', lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] }), returnMessages.otherNote],
      ['no reason', (sale) => ({ reason: undefined, lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] }), returnMessages.reason],
      [
        'a warranty claim on a line with no warranty',
        (sale) => ({ reason: 'Faulty under warranty', lines: [{ invoiceLineId: sale.serviceLine, quantity: 1 }] }),
        returnMessages.warrantyOver('Engine tune-up'),
      ],
      ['a supplier return without the supplier', (sale) => ({ lines: [{ invoiceLineId: sale.filterLine, quantity: 1, disposition: 'supplier' }] }), returnMessages.supplierName],
    ])('%s', async (_, body, message) => {
      const sale = await sell();
      const before = await writes();
      const answer = await returnOver({ invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Cash', ...body(sale) });
      expect(answer).toEqual({ status: 400, json: { success: false, message } });
      expect(await writes()).toEqual(before);
      expect(await invoice(sale.id)).toMatchObject({ returnedCents: 0 });
    });

    it('a guest refunded by cheque', async () => {
      const sale = await sell({ guest: true, method: 'Cheque' });
      const before = await writes();
      const answer = await returnOver({ invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Cheque', lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] });
      expect(answer).toEqual({ status: 400, json: { success: false, message: returnMessages.guestRefund } });
      expect(await writes()).toEqual(before);
    });

    it('an invoice the server does not hold is a 404', async () => {
      const answer = await returnOver({ invoiceId: randomUUID(), reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: randomUUID(), quantity: 1 }] });
      expect(answer).toEqual({ status: 404, json: { success: false, message: returnMessages.notFound } });
    });
  });

  it('Staff may not scrap a part: a Manager or Admin does', async () => {
    const sale = await sell();
    const staff = (await server.userWithRole('Staff')).token;
    const body = { invoiceId: sale.id, reason: 'Faulty under warranty', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.filterLine, quantity: 1, disposition: 'scrap' }] };
    expect(await server.call('POST', '/api/returns', staff, body)).toEqual({ status: 403, json: { success: false, message: returnMessages.managersOnly } });
    const restock = await server.call('POST', '/api/returns', staff, { ...body, lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] });
    expect(restock.status).toBe(201);
    expect((await returnOver(body)).status).toBe(201);
  });
});

describe('what a review of the returns found (issue 26)', () => {
  it('an invoice paid by a bulk payment method (Mobile) is refunded by that method', async () => {
    const sale = await sell({ paid: 0 });
    expect(await pushA('recordPayment', { id: randomUUID(), invoiceId: sale.id, date: new Date().toISOString().slice(0, 10), method: 'Mobile', amount: 5200 })).toMatchObject({
      status: 'applied',
    });
    const answer = await returnOver({ invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Mobile', lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }] });
    expect(answer.status).toBe(201);
    expect(answer.json.creditNote).toMatchObject({ refund: 1100, refundMethod: 'Mobile' });
  });

  it('a register that refunded less than the server’s figures give (it had not seen another return) is recorded, for review', async () => {
    const sale = await sell({ paid: 4600 }); // Rs. 600 owed
    // Register B returns the tune-up: Rs. 600 off the due, Rs. 2,400 back.
    expect(await pushB('returnSale', deviceReturn(codeB, sale.id, [{ invoiceLineId: sale.serviceLine, quantity: 1 }], { refund: 2400 }))).toMatchObject({ status: 'applied' });
    // Register A had not seen it: by its figures Rs. 600 was still owed, so of a Rs. 1,100 filter it handed back Rs. 500.
    const stale = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1 }], { refund: 500 });
    expect(await pushA('returnSale', stale)).toMatchObject({ status: 'applied' });
    const row = await server.db.$client.prepare('SELECT refundCents, reducedDueCents, reviewState, reviewReason FROM credit_notes WHERE id = ?').get(stale.id);
    expect(row).toEqual({
      refundCents: 50_000,
      reducedDueCents: 60_000,
      reviewState: 'open',
      reviewReason:
        "The register handed back Rs. 500.00 where the server's figures, with every payment and return it holds, give Rs. 1,100.00: the customer may be owed the difference, or owe it.",
    });
  });

  it('a return over REST happens now, whatever date its body names', async () => {
    const sale = await sell();
    const answer = await returnOver({
      invoiceId: sale.id,
      date: '2020-01-01T10:00:00.000Z',
      reason: 'Not needed',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: sale.filterLine, quantity: 1 }],
    });
    expect(answer.status).toBe(201);
    expect(answer.json.creditNote.date.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('a pushed return whose money was handed back stands, for review, when the rules changed meanwhile', () => {
  it('a Staff member who scrapped a part (the role lost meanwhile) and refunded it: recorded, raised for review', async () => {
    const sale = await sell();
    const staff = devicePusher(server, (await server.userWithRole('Staff')).token, 'register-a');
    const scrap = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1, disposition: 'scrap' }], { refund: 1100 });
    expect(await staff('returnSale', scrap)).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT refundCents, reviewState, reviewReason FROM credit_notes WHERE id = ?').get(scrap.id)).toEqual({
      refundCents: 110_000,
      reviewState: 'open',
      reviewReason: `Recorded as handed over: ${returnMessages.managersOnly}`,
    });
  });

  it('the same with nothing handed back is refused, and writes nothing', async () => {
    const sale = await sell({ paid: 0 });
    const staff = devicePusher(server, (await server.userWithRole('Staff')).token, 'register-a');
    const before = await writes();
    const outcome = await staff('returnSale', deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1, disposition: 'scrap' }], { refund: 0 }));
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 403, message: returnMessages.managersOnly });
    expect(await writes()).toEqual(before);
  });
});

describe('returns from two registers offline', () => {
  it('the same line returned on both, both refunded: both stand, the second raised for review', async () => {
    const sale = await sell();
    expect(await pushA('returnSale', deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 2 }]))).toMatchObject({ status: 'applied' });
    const second = deviceReturn(codeB, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1 }]);
    expect(await pushB('returnSale', second)).toMatchObject({ status: 'applied' });
    const review = await server.db.$client.prepare('SELECT creditNoteNo, reviewState, reviewReason, refundCents FROM credit_notes WHERE id = ?').get(second.id);
    expect(review).toEqual({
      creditNoteNo: second.creditNoteNo,
      reviewState: 'open',
      reviewReason: 'Recorded as handed over: Only 0 of Oil filter can still be returned.',
      refundCents: 110_000,
    });
    // Stock counts every part that came back, as the cashiers did.
    expect(await stock()).toBe(1100);
    // A Manager looks at it and marks it reviewed; Staff may not.
    const staff = (await server.userWithRole('Staff')).token;
    expect(await devicePusher(server, staff, 'register-c')('markSaleReviewed', { id: second.id, kind: 'return' })).toMatchObject({ status: 'rejected', httpStatus: 403 });
    expect(await pushA('markSaleReviewed', { id: second.id, kind: 'return' })).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT reviewState, reviewedBy FROM credit_notes WHERE id = ?').get(second.id)).toMatchObject({ reviewState: 'reviewed' });
  });

  it('the same line returned on both, the second with nothing handed back (a sale on credit): refused with what is left', async () => {
    const sale = await sell({ paid: 0 });
    expect(await pushA('returnSale', deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1.5 }]))).toMatchObject({ status: 'applied' });
    const before = await writes();
    const outcome = await pushB('returnSale', deviceReturn(codeB, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1 }]));
    expect(outcome).toMatchObject({ status: 'rejected', message: 'Only 0.5 of Oil filter can still be returned.' });
    expect(await writes()).toEqual(before);
  });

  it('a credit note numbered with another register’s code is recorded under the server’s number, for review', async () => {
    const sale = await sell();
    const stolen = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.serviceLine, quantity: 1 }]);
    expect(await pushB('returnSale', stolen)).toMatchObject({ status: 'applied' });
    const row = (await server.db.$client.prepare('SELECT creditNoteNo, reviewState, reviewReason FROM credit_notes WHERE id = ?').get(stolen.id)) as Json;
    expect(row).toEqual({
      creditNoteNo: 'CN-SRV-00001',
      reviewState: 'open',
      reviewReason: `Printed as ${stolen.creditNoteNo}, with another register's code: recorded under the server's number.`,
    });
  });
});

describe("the server's own credit note numbers (issue 42, point 3)", () => {
  const lastSequence = async (value: number) =>
    server.db.$client.prepare("INSERT INTO counters (name, value) VALUES ('creditNoteNo:SRV', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value").run(value);

  it('over REST nobody numbers in them: a body naming CN-SRV-999999999 (or the overflow series) is refused, and the next REST return is numbered as ever', async () => {
    const sale = await sell();
    for (const creditNoteNo of ['CN-SRV-999999999', 'cn-srv-00002', 'CN-SRVX-00001']) {
      const before = await writes();
      const refused = await returnOver({ invoiceId: sale.id, creditNoteNo, reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.serviceLine, quantity: 1 }] });
      expect([refused.status, refused.json.message]).toEqual([400, returnMessages.serverSeries]);
      expect(await writes()).toEqual(before);
    }
    const next = await returnOver({ invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.serviceLine, quantity: 1 }] });
    expect([next.status, next.json.creditNote.creditNoteNo]).toEqual([201, 'CN-SRV-00001']);
  });

  it('a series used up answers 503 over REST, is not kept as the answer to that key, and the same request succeeds once numbers exist again', async () => {
    const sale = await sell();
    await lastSequence(999_999_999);
    const body = { invoiceId: sale.id, reason: 'Not needed', refundMethod: 'Cash', lines: [{ invoiceLineId: sale.serviceLine, quantity: 1 }] };
    const key = randomUUID();
    const first = await server.call('POST', '/api/returns', admin, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(503);
    expect(await countRows(server.db, 'applied_mutations', `id = '${key}'`)).toBe(0);
    await lastSequence(41);
    const again = await server.call('POST', '/api/returns', admin, body, { 'Idempotency-Key': key });
    expect([again.status, again.json.creditNote.creditNoteNo]).toEqual([201, 'CN-SRV-00042']);
  });

  it('a pushed return that needs a server number when the series is used up is recorded (facts stand), in the overflow series, for review', async () => {
    const sale = await sell();
    await lastSequence(999_999_999);
    const stolen = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.serviceLine, quantity: 1 }], { refund: 3000 });
    expect(await pushB('returnSale', stolen)).toMatchObject({ status: 'applied' });
    const row = (await server.db.$client.prepare('SELECT creditNoteNo, reviewState, refundCents FROM credit_notes WHERE id = ?').get(stolen.id)) as Json;
    expect(row).toEqual({ creditNoteNo: 'CN-SRVX-00001', reviewState: 'open', refundCents: 300_000 });
    // The next one takes the next overflow number.
    const another = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.filterLine, itemId, quantity: 1 }], { refund: 1100 });
    expect(await pushB('returnSale', another)).toMatchObject({ status: 'applied' });
    expect(((await server.db.$client.prepare('SELECT creditNoteNo FROM credit_notes WHERE id = ?').get(another.id)) as Json).creditNoteNo).toBe('CN-SRVX-00002');
  });
});

describe('a refund the register states beyond what the lines are worth (issue 42, point 4)', () => {
  const creditNote = async (id: string) =>
    (await server.db.$client.prepare('SELECT refundCents, reviewState, reviewReason, refundPaymentId FROM credit_notes WHERE id = ?').get(id)) as Json;
  const payment = async (id: string) => (await server.db.$client.prepare('SELECT amountCents, method, register, createdAt FROM payments WHERE id = ?').get(id)) as Json | undefined;
  const creditBalance = async () => (await server.call('GET', `/api/sales/due-summary?customerId=${customerId}`, admin)).json.creditBalance as number;

  it('stated as Cash: recorded as stated and reviewed, but the drawer counts only the worth until a Manager accepts the rest', async () => {
    const session = randomUUID();
    expect(await pushA('openDrawer', { id: session, float: 1000 })).toMatchObject({ status: 'applied' });
    const sale = await sell(); // Rs. 5,200 in cash
    const forged = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.serviceLine, quantity: 1 }], { refund: 1_000_000 });
    expect(await pushA('returnSale', forged)).toMatchObject({ status: 'applied' });
    expect(await creditNote(forged.id)).toMatchObject({ refundCents: 100_000_000, reviewState: 'open' });
    expect((await creditNote(forged.id)).reviewReason).toContain(returnMessages.refundBeyondWorth('Rs. 1,000,000.00', 'Rs. 3,000.00', 'Rs. 997,000.00'));
    expect(await payment(forged.refundPaymentId as string)).toMatchObject({ amountCents: -300_000, method: 'Cash' });

    // The Z report: float 1,000 + 5,200 taken - 3,000 worth refunded = 3,200 expected; counted so, nothing to review.
    const close = { sessionId: session, zNumber: `Z-${codeA}-00001`, count: { 100_000: 3, 10_000: 2 }, expected: 3200, differenceReason: '' };
    expect(await pushA('closeDrawer', close)).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT reviewState FROM drawer_sessions WHERE id = ?').get(session)).toEqual({ reviewState: '' });

    // A Manager accepts the refund as handed over: paid out then, counted by the session that handed it over.
    expect(await pushA('acceptHeldRefund', { id: forged.id, invoiceId: sale.id })).toMatchObject({ status: 'applied' });
    expect(await payment(`${forged.id}/accepted-refund`)).toMatchObject({ amountCents: -99_700_000, method: 'Cash', register: codeA });
    expect((await creditNote(forged.id)).reviewState).toBe('reviewed');
    expect(await server.db.$client.prepare('SELECT reviewState FROM drawer_sessions WHERE id = ?').get(session)).toEqual({ reviewState: 'open' });
    // Nothing more is held: accepting again is refused and writes nothing.
    expect(await pushA('acceptHeldRefund', { id: forged.id, invoiceId: sale.id })).toMatchObject({ status: 'rejected', httpStatus: 400 });
  });

  it('stated as customer credit: only the worth is credit; spending credit that only a return under review gave is itself reviewed, and refused over REST', async () => {
    const sale = await sell();
    const before = await creditBalance();
    const forged = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.serviceLine, quantity: 1 }], { refund: 1_000_000, refundMethod: 'Customer Credit' });
    expect(await pushA('returnSale', forged)).toMatchObject({ status: 'applied' });
    expect(await creditBalance()).toBe(before + 3000);

    // A Rs. 500,000 sale paid with it: recorded (the goods went), raised for review.
    const big = randomUUID();
    const spend = async (id: string, amount: number) =>
      pushA('checkoutSale', {
        id,
        invoiceNo: `INV-${codeA}-${String(++sold).padStart(5, '0')}`,
        date: new Date().toISOString(),
        customerId,
        lines: [{ id: randomUUID(), kind: 'service', refId: null, name: 'Paint job', quantity: 1, unitPrice: amount }],
        taxRatePercent: 0,
        pricesIncludeTax: true,
        total: amount,
        payment: { id: randomUUID(), method: 'Customer Credit', tendered: amount },
      });
    expect(await spend(big, 500_000)).toMatchObject({ status: 'applied' });
    expect(await server.db.$client.prepare('SELECT reviewState FROM invoices WHERE id = ?').get(big)).toEqual({ reviewState: 'open' });

    // Rs. 2,000 of the Rs. 3,000 the return gave, while that return is under review: reviewed too.
    const small = randomUUID();
    expect(await spend(small, 2000)).toMatchObject({ status: 'applied' });
    const review = (await server.db.$client.prepare('SELECT reviewState, reviewReason FROM invoices WHERE id = ?').get(small)) as Json;
    expect(review.reviewState).toBe('open');
  });

  it('over REST the same spend is refused while the return is under review, and allowed once a Manager has reviewed it', async () => {
    const sale = await sell();
    const forged = deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.serviceLine, quantity: 1 }], { refund: 1_000_000, refundMethod: 'Customer Credit' });
    expect(await pushA('returnSale', forged)).toMatchObject({ status: 'applied' });
    // An unpaid sale on credit, paid on the due list with the customer's credit.
    const owed = await sell({ paid: 0 });
    const pay = async (amount: number) =>
      server.call('PUT', `/api/sales/due-invoices/${owed.id}/record-payment`, admin, {
        paymentDate: new Date().toISOString().slice(0, 10),
        paymentMethod: 'Customer Credit',
        payingAmount: amount,
      });
    const refused = await pay(2000);
    expect([refused.status, refused.json.message]).toEqual([
      400,
      "Rs. 3,000.00 of this customer's credit comes from a return still under review: a Manager must review it before it is spent.",
    ]);
    expect(await pushA('markSaleReviewed', { id: forged.id, kind: 'return' })).toMatchObject({ status: 'applied' });
    expect((await pay(2000)).status).toBe(200);
  });
});

describe('a register clock set back cannot move a return inside its rights (issue 42, point 5)', () => {
  const day = 86_400_000;
  /** A sale 60 days old of a part with a one-month warranty, paid in cash on register A. */
  async function oldSale() {
    const id = randomUUID();
    const line = randomUUID();
    const soldAt = new Date(Date.now() - 60 * day).toISOString();
    const outcome = await pushA(
      'checkoutSale',
      {
        id,
        invoiceNo: `INV-${codeA}-${String(++sold).padStart(5, '0')}`,
        date: soldAt,
        customerId,
        lines: [{ id: line, kind: 'item', refId: itemId, name: 'Oil filter', quantity: 1, unitPrice: 1100, warrantyMonths: 1 }],
        taxRatePercent: 0,
        pricesIncludeTax: true,
        total: 1100,
        payment: { id: randomUUID(), method: 'Cash', tendered: 1100 },
      },
      soldAt,
    );
    expect(outcome).toMatchObject({ status: 'applied' });
    return { id, line, soldAt };
  }
  const claim = (sale: { id: string; line: string }, extra: Json = {}) =>
    deviceReturn(codeA, sale.id, [{ invoiceLineId: sale.line, itemId, quantity: 1 }], { reason: 'Faulty under warranty', refund: 1100, ...extra });
  const note = async (id: string) => (await server.db.$client.prepare('SELECT reviewState, reviewReason FROM credit_notes WHERE id = ?').get(id)) as Json | undefined;

  it('with the real clock: money handed back is recorded for review; nothing handed back is refused', async () => {
    const sale = await oldSale();
    const nothing = claim(sale, { refund: 0 });
    expect(await pushA('returnSale', nothing)).toMatchObject({ status: 'rejected', httpStatus: 400, message: returnMessages.warrantyOver('Oil filter') });
    const handed = claim(sale);
    expect(await pushA('returnSale', handed)).toMatchObject({ status: 'applied' });
    expect((await note(handed.id))!.reviewState).toBe('open');
  });

  it("with the register's clock set to the day after the sale: recorded as it happened there, but raised for review with both days", async () => {
    // A register in use for months: a time after the server met it is believed as far as it goes (device-time.ts).
    await server.db.$client.prepare('UPDATE devices SET createdAt = ?').run(new Date(Date.now() - 100 * day).toISOString());
    const sale = await oldSale();
    const dayAfter = new Date(Date.parse(sale.soldAt) + day).toISOString();
    const claimed = claim(sale, { date: dayAfter });
    expect(await pushA('returnSale', claimed, dayAfter)).toMatchObject({ status: 'applied' });
    const row = (await note(claimed.id))!;
    expect(row.reviewState).toBe('open');
    expect(row.reviewReason).toContain(`The register's clock said ${dayAfter.slice(0, 10)}`);
    expect(row.reviewReason).toContain(returnMessages.warrantyOver('Oil filter'));
  });
});
