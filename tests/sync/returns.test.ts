// Returns across devices (shared/mutations/returns.ts, returnSale; issue 26): a return made offline
// keeps its register's credit note number and reaches the server once; two registers returning the
// same line offline both stand when both handed money back (the second raised for review), and the
// second is refused with what is left when it handed nothing back; stock follows the movements.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, type Device } from './harness';
import { ValidationError } from '@/sync/local-mutation';
import { nextCreditNoteNo } from '@/sync/invoice-numbers';
import { returnMovementId } from '@shared/mutations/returns';
import { notYetMessages, notYetStatus } from '@shared/sync/protocol';
import { customerCreditMethod } from '@shared/domain/customer-credit';
import { customerCreditOnDevice } from '@/db/customer-credit';

const random = new Random(26_2026);
const bed = freshServerEachTest(random);
const register = bed.register;

const codeOf = async (d: Device) => (await d.db.syncState.get('deviceCode'))!.value;
const sql = async <T>(query: string, ...params: unknown[]) => (await bed.server.db.$client.prepare(query).all(...params)) as T[];
const stockOf = async (itemId: string) => Number((await bed.server.mirror()).items.find((row) => row.id === itemId)?.stockHundredths);

async function expectAllEqualServer(...on: Device[]) {
  const expected = await bed.server.mirror();
  for (const d of on) expect(await d.mirror(), `${d.name} equals the server`).toEqual(expected);
}

/** An item with `stock` units and a customer, made on `d` and synced. */
async function shop(d: Device, stock: number) {
  const category = (await d.run('createCategory', { id: randomUUID(), name: 'Filters' })).args.id as string;
  const itemId = (
    await d.run('createItem', {
      id: randomUUID(),
      itemName: 'Oil filter',
      barcode: 'OF-1',
      category,
      unitPrice: '1100',
      costPrice: '700',
      stockQuantity: String(stock),
      reorderLevel: '2',
      description: '',
    })
  ).args.id as string;
  const customerId = (
    await d.run('createCustomer', {
      id: randomUUID(),
      customerName: 'Nimal Perera',
      email: 'nimal@example.com',
      phone: '0771234567',
      address: '12 Galle Road',
      vehicles: [{ make: 'Toyota', model: 'Axio', year: 2016, licensePlate: 'CAB-1234', vin: '' }],
    })
  ).args.id as string;
  await d.syncClean();
  return { itemId, customerId };
}

/** A sale of `quantity` oil filters to the customer, `tendered` paid (all of it unless given). */
async function sell(d: Device, itemId: string, customerId: string, quantity: number, tendered?: number) {
  const entry = await d.sell({
    customerId,
    lines: [{ kind: 'item', refId: itemId, name: 'Oil filter', quantity, unitPrice: 1100 }],
    tendered,
    method: tendered === 0 ? 'Credit' : 'Cash',
  });
  return { invoiceId: entry.args.id as string, lineId: (entry.args.lines as { id: string }[])[0]!.id };
}

/** A return on `d`, numbered there, as the Returns screen makes it (features/returns/api/record-return.ts). */
async function giveBack(d: Device, sale: { invoiceId: string; lineId: string }, itemId: string, quantity: number, refund: number) {
  return d.run('returnSale', {
    id: randomUUID(),
    creditNoteNo: await nextCreditNoteNo(d.db),
    invoiceId: sale.invoiceId,
    date: new Date().toISOString(),
    reason: 'Not needed',
    note: '',
    refundMethod: 'Cash',
    refundPaymentId: randomUUID(),
    refund,
    lines: [{ id: randomUUID(), invoiceLineId: sale.lineId, itemId, quantity, disposition: 'restock', supplierName: '' }],
  });
}

describe('returns across registers', () => {
  it('a return made offline keeps its credit note number, shows at once, and reaches the server once', async () => {
    const a = await register('register-a');
    const { itemId, customerId } = await shop(a, 10);
    const sale = await sell(a, itemId, customerId, 2);
    await a.syncClean();
    a.net.offline = true;
    const made = await giveBack(a, sale, itemId, 1, 1100);
    // On the device at once: the credit note, the stock back, the invoice's standing.
    const number = `CN-${await codeOf(a)}-00001`;
    expect(made.args.creditNoteNo).toBe(number);
    expect((await a.db.items.get(itemId))?.stockHundredths).toBe(900);
    expect(await a.db.invoices.get(sale.invoiceId)).toMatchObject({ returnedCents: 110_000, paidCents: 110_000, dueCents: 0, status: 'Paid' });
    expect((await a.db.creditNotes.toArray()).map((note) => [note.creditNoteNo, note.refundCents])).toEqual([[number, 110_000]]);
    a.net.offline = false;
    await a.syncClean();
    await a.syncClean();
    expect(await sql(`SELECT creditNoteNo, totalCents, refundCents, reviewState FROM credit_notes`)).toEqual([
      { creditNoteNo: number, totalCents: 110_000, refundCents: 110_000, reviewState: '' },
    ]);
    expect(await sql(`SELECT COUNT(*) AS n FROM stock_movements WHERE id = ?`, returnMovementId((made.args.lines as { id: string }[])[0]!.id))).toEqual([{ n: 1 }]);
    expect(await stockOf(itemId)).toBe(900);
    expect(await a.db.problems.count()).toBe(0);
    await expectAllEqualServer(a);
  });

  it('the last unit returned on two registers offline, both refunded: both stand, the later one raised for review', async () => {
    const a = await register('register-a');
    const b = await register('register-b');
    const { itemId, customerId } = await shop(a, 5);
    const sale = await sell(a, itemId, customerId, 1);
    await a.syncClean();
    await b.syncClean();
    a.net.offline = true;
    b.net.offline = true;
    await giveBack(a, sale, itemId, 1, 1100);
    await giveBack(b, sale, itemId, 1, 1100);
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    const notes = await sql<{ creditNoteNo: string; reviewState: string; reviewReason: string }>(
      `SELECT creditNoteNo, reviewState, reviewReason FROM credit_notes ORDER BY version`,
    );
    expect(notes).toEqual([
      { creditNoteNo: `CN-${await codeOf(a)}-00001`, reviewState: '', reviewReason: '' },
      {
        creditNoteNo: `CN-${await codeOf(b)}-00001`,
        reviewState: 'open',
        reviewReason: 'Recorded as handed over: Only 0 of Oil filter can still be returned. At most Rs. 0.00 was paid on this invoice by Cash: the refund cannot be more.',
      },
    ]);
    // Both cashiers took a filter back and handed Rs. 1,100 over: stock and money say so.
    expect(await stockOf(itemId)).toBe(600);
    expect(await sql(`SELECT SUM(amountCents) AS paid FROM payments WHERE invoiceId = ?`, sale.invoiceId)).toEqual([{ paid: -110_000 }]);
    for (const d of [a, b]) expect(await d.db.problems.count(), `${d.name} problems`).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('parts of one line returned on two registers offline: the later refund a cent above its worth stands, raised for review', async () => {
    // Rs. 19.99 × 1.5 less 12.5 % = Rs. 26.24; its thirds are 8.75, 8.74, 8.75. Each register prices its
    // half unit as the first third (8.75); the server prices the one that arrives second as the second
    // third (8.74). The cashier handed Rs. 8.75 over: that stands, nothing reduces the due, and the
    // difference is raised for review (the invoice is left a cent short, which the review shows).
    const a = await register('register-a');
    const b = await register('register-b');
    const { itemId, customerId } = await shop(a, 5);
    const entry = await a.sell({
      customerId,
      lines: [{ kind: 'item', refId: itemId, name: 'Oil filter', quantity: 1.5, unitPrice: 19.99, discountPercent: 12.5 }],
      method: 'Cash',
    });
    const sale = { invoiceId: entry.args.id as string, lineId: (entry.args.lines as { id: string }[])[0]!.id };
    await a.syncClean();
    await b.syncClean();
    a.net.offline = true;
    b.net.offline = true;
    await giveBack(a, sale, itemId, 0.5, 8.75);
    await giveBack(b, sale, itemId, 0.5, 8.75);
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    const notes = await sql<{ totalCents: number; refundCents: number; reducedDueCents: number; reviewState: string; reviewReason: string }>(
      `SELECT totalCents, refundCents, reducedDueCents, reviewState, reviewReason FROM credit_notes ORDER BY version`,
    );
    expect(notes).toEqual([
      { totalCents: 875, refundCents: 875, reducedDueCents: 0, reviewState: '', reviewReason: '' },
      {
        totalCents: 874,
        refundCents: 875,
        reducedDueCents: 0,
        reviewState: 'open',
        reviewReason:
          "The register handed back Rs. 8.75 where the server's figures, with every payment and return it holds, give Rs. 8.74: the customer may be owed the difference, or owe it.",
      },
    ]);
    expect(await sql(`SELECT SUM(amountCents) AS paid FROM payments WHERE invoiceId = ?`, sale.invoiceId)).toEqual([{ paid: 2624 - 1750 }]);
    for (const d of [a, b]) expect(await d.db.problems.count(), `${d.name} problems`).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('the same line returned on two registers, the later with nothing handed back: refused with what is left, its rows taken back', async () => {
    const a = await register('register-a');
    const b = await register('register-b');
    const { itemId, customerId } = await shop(a, 5);
    const sale = await sell(a, itemId, customerId, 2, 0); // on credit: a return reduces the due
    await a.syncClean();
    await b.syncClean();
    a.net.offline = true;
    b.net.offline = true;
    await giveBack(a, sale, itemId, 2, 0);
    const refused = await giveBack(b, sale, itemId, 1, 0);
    expect((await b.db.items.get(itemId))?.stockHundredths).toBe(400);
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    const problems = await b.db.problems.toArray();
    expect(problems.map((p) => [p.mutation.id, p.httpStatus, p.message])).toEqual([[refused.id, 400, 'Only 0 of Oil filter can still be returned.']]);
    // B's optimistic credit note and stock are taken back: it shows what the server holds.
    expect(await b.db.creditNotes.get(refused.args.id as string)).toBeUndefined();
    expect((await b.db.items.get(itemId))?.stockHundredths).toBe(500);
    expect(await b.db.invoices.get(sale.invoiceId)).toMatchObject({ returnedCents: 220_000, dueCents: 0 });
    expect(await stockOf(itemId)).toBe(500);
  });

  it('a device refuses, in words, to return more than is left of a line', async () => {
    const a = await register('register-a');
    const { itemId, customerId } = await shop(a, 5);
    const sale = await sell(a, itemId, customerId, 2);
    await giveBack(a, sale, itemId, 1.5, 1650);
    const attempt = giveBack(a, sale, itemId, 1, 1100);
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow('Only 0.5 of Oil filter can still be returned.');
    expect(await a.outboxSize()).toBeGreaterThan(0);
    expect((await a.db.creditNotes.toArray()).length).toBe(1);
  });

  it('a return that reaches the server before its sale waits on the device, then applies once the sale is back', async () => {
    // A restore takes the sale back; register A, which made it, is offline and sends it again later.
    // Register B had pulled the sale and returns part of it meanwhile, refunding cash.
    const a = await register('register-a');
    const b = await register('register-b');
    const { itemId, customerId } = await shop(a, 10);
    const backup = await bed.server.backup('command');
    const sale = await sell(a, itemId, customerId, 2);
    await a.syncClean();
    await b.syncClean();
    await bed.server.restore(backup);
    a.net.offline = true;
    const made = await giveBack(b, sale, itemId, 1, 1100);
    for (let round = 0; round < 3; round += 1) expect(await b.trySync()).toBeNull();
    // Held, in words, not a problem; nothing of it on the server, not even a record of a refusal.
    const waiting = await b.db.outbox.toArray();
    expect(waiting.map((entry) => [entry.name, entry.waiting])).toEqual([['returnSale', notYetMessages.saleOfReturn]]);
    expect(await b.db.problems.count()).toBe(0);
    expect(await sql(`SELECT COUNT(*) AS n FROM credit_notes`)).toEqual([{ n: 0 }]);
    expect((await bed.server.appliedMutations()).filter((row) => row.id === made.id)).toEqual([]);
    // Later work on B that does not lean on that sale goes on meanwhile (a sale of the same part).
    const later = await sell(b, itemId, customerId, 1);
    expect(await b.trySync()).toBeNull();
    expect(await sql(`SELECT COUNT(*) AS n FROM invoices WHERE id = ?`, later.invoiceId)).toEqual([{ n: 1 }]);

    a.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    expect(await sql(`SELECT creditNoteNo, refundCents FROM credit_notes`)).toEqual([{ creditNoteNo: made.args.creditNoteNo, refundCents: 110_000 }]);
    expect((await bed.server.appliedMutations()).filter((row) => row.id === made.id).map((row) => row.status)).toEqual(['applied']);
    expect(await stockOf(itemId)).toBe(1000 - 200 + 100 - 100);
    expect(await b.db.problems.count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it("a return of this register's own sale that the server refused is refused too, not held for ever", async () => {
    const a = await register('register-a');
    const { itemId, customerId } = await shop(a, 10);
    a.net.offline = true;
    const entry = await a.sell({ customerId, lines: [{ kind: 'item', refId: itemId, name: 'Oil filter', quantity: 2, unitPrice: 1100 }], method: 'Cash' });
    const sale = { invoiceId: entry.args.id as string, lineId: (entry.args.lines as { id: string }[])[0]!.id };
    await giveBack(a, sale, itemId, 1, 1100);
    // A register with other arithmetic: the server refuses the sale (its total disagrees with its lines).
    await a.tamperQueued(entry, (args) => ({ ...args, total: 1 }));
    a.net.offline = false;
    await a.syncClean();
    const problems = await a.db.problems.toArray();
    expect(problems.map((problem) => [problem.mutation.name, problem.httpStatus])).toEqual([
      ['checkoutSale', 400],
      ['returnSale', notYetStatus],
    ]);
    expect(problems[1]!.message).toBe(notYetMessages.saleOfReturn);
    expect(await sql(`SELECT COUNT(*) AS n FROM credit_notes`)).toEqual([{ n: 0 }]);
  });

  it('a refund kept as credit on one register is spent on another; spent twice offline, both stand and the later is reviewed', async () => {
    const a = await register('register-a');
    const b = await register('register-b');
    const { itemId, customerId } = await shop(a, 10);
    const sale = await sell(a, itemId, customerId, 2);
    await a.run('returnSale', {
      id: randomUUID(),
      creditNoteNo: await nextCreditNoteNo(a.db),
      invoiceId: sale.invoiceId,
      date: new Date().toISOString(),
      reason: 'Not needed',
      note: '',
      refundMethod: customerCreditMethod,
      refundPaymentId: randomUUID(),
      refund: 2200,
      lines: [{ id: randomUUID(), invoiceLineId: sale.lineId, itemId, quantity: 2, disposition: 'restock', supplierName: '' }],
    });
    expect(await customerCreditOnDevice(a.db, customerId)).toBe(220_000);
    await a.syncClean();
    await b.syncClean();
    expect(await customerCreditOnDevice(b.db, customerId)).toBe(220_000);

    // B spends Rs. 1,100 of it on a sale; more than what is left is refused on the device, in words.
    const service = (price: number) => [{ kind: 'service' as const, refId: null, name: 'Labour', quantity: 1, unitPrice: price }];
    await b.sell({ customerId, lines: service(1100), method: customerCreditMethod });
    await expect(b.sell({ customerId, lines: service(1500), method: customerCreditMethod })).rejects.toThrow('Only Rs. 1,100.00 of customer credit is left.');
    await b.syncClean();
    await a.syncClean();
    expect(await customerCreditOnDevice(a.db, customerId)).toBe(110_000);

    // Both registers offline spend the last Rs. 1,100: both sales stand; the one that arrives second is reviewed.
    a.net.offline = true;
    b.net.offline = true;
    await a.sell({ customerId, lines: service(1100), method: customerCreditMethod });
    const later = await b.sell({ customerId, lines: service(1100), method: customerCreditMethod });
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();
    expect(await sql(`SELECT reviewState FROM invoices WHERE id = ?`, later.args.id)).toEqual([{ reviewState: 'open' }]);
    for (const d of [a, b]) expect(await customerCreditOnDevice(d.db, customerId), d.name).toBe(-110_000);
    expect(await a.db.problems.count()).toBe(0);
    expect(await b.db.problems.count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('a refund that no longer matches the sale (a sync moved it) is said, and nothing is written', async () => {
    const a = await register('register-a');
    const { itemId, customerId } = await shop(a, 5);
    const sale = await sell(a, itemId, customerId, 2);
    const attempt = giveBack(a, sale, itemId, 1, 500);
    await expect(attempt).rejects.toThrow('The sale changed meanwhile: the refund is now Rs. 1,100.00. Check it and confirm again.');
    expect(await a.db.creditNotes.count()).toBe(0);
  });
});
