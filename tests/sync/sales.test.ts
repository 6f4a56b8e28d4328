// Sales across devices (shared/mutations/sales.ts, checkoutSale): registers selling the last unit
// offline, a lost answer retried, invoice numbers made on the register and final, a tampered total
// refused with every optimistic row taken back, job-card sales linking the job once, and a customer
// renamed elsewhere while a sale for them waited.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, saleArgs, saleTotalCents, type Device, type SaleLineSpec } from './harness';
import { ValidationError } from '@/sync/local-mutation';
import { saleMovementId } from '@shared/mutations/sales';
import { saleMessages } from '@shared/schemas/sale';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { formatMoney, toCents } from '@shared/domain/money';
import { jobStatusMessages } from '@shared/domain/job-status';
import { openingMovementId } from '@shared/mutations/items';
import { guestCustomerId, saleCustomerOfJob } from '@shared/domain/guest-job';
import { nextCreditNoteNo } from '@/sync/invoice-numbers';
import type { SyncedRow } from '@shared/sync/tables';

const random = new Random(8_2026);
// A fresh server for each test: device codes start at D01 and counts are exact.
const bed = freshServerEachTest(random);
const register = bed.register;

const codeOf = async (d: Device) => (await d.db.syncState.get('deviceCode'))!.value;

let serial = 0;
async function newItem(d: Device, stock: number, unitPrice = 1500): Promise<string> {
  serial += 1;
  const category = (await d.run('createCategory', { id: randomUUID(), name: `Parts ${serial}` })).args.id as string;
  const created = await d.run('createItem', {
    id: randomUUID(),
    itemName: `Oil filter ${serial}`,
    barcode: `OF-${serial}`,
    category,
    unitPrice: String(unitPrice),
    costPrice: '1000',
    stockQuantity: String(stock),
    reorderLevel: '2',
    description: '',
  });
  return created.args.id as string;
}

async function newCustomer(d: Device, name = `Kasun Perera ${serial + 1}`): Promise<string> {
  serial += 1;
  const created = await d.run('createCustomer', {
    id: randomUUID(),
    customerName: name,
    email: `kasun.${serial}@example.com`,
    phone: `0771${String(100_000 + serial)}`,
    address: '12 Galle Road',
    vehicles: [{ make: 'Toyota', model: 'Aqua', year: 2018, licensePlate: `CAB-${1000 + serial}`, vin: '' }],
  });
  return created.args.id as string;
}

/** A job with these lines, finished, on `d` (not yet synced). */
async function finishedJob(d: Device, customerId: string, lines: { kind: 'item' | 'service'; refId: string | null; name: string; quantity: number; unitPrice: number }[]) {
  const id = randomUUID();
  await d.run('createJobCard', {
    id,
    customerId,
    vehicleLicensePlate: 'cab-1001',
    vehicleMake: 'Toyota',
    vehicleModel: 'Aqua',
    currentMileage: 84_200,
    dateIn: '2026-11-23',
    jobType: 'Full service',
    lines: lines.map((line) => ({ id: randomUUID(), warranty: '', ...line })),
  });
  await d.run('setJobCardStatus', { id, status: 'Finished', changeId: randomUUID() });
  return id;
}

/** The register's cart from a job's lines, as the ?jobId= sale fills it. */
async function jobSaleLines(d: Device, jobId: string): Promise<SaleLineSpec[]> {
  const lines = await d.db.jobLines.where('jobCardId').equals(jobId).toArray();
  return lines
    .sort((x, y) => (x.id < y.id ? -1 : 1))
    .map((line) => ({
      kind: line.kind as 'item' | 'service',
      refId: (line.refId as string | null) ?? null,
      name: String(line.name),
      quantity: Number(line.quantityHundredths) / 100,
      unitPrice: Number(line.unitPriceCents) / 100,
    }));
}

const itemLine = (refId: string, quantity: number, unitPrice = 1500, discountPercent = 0): SaleLineSpec => ({
  kind: 'item',
  refId,
  name: 'Oil filter',
  quantity,
  unitPrice,
  discountPercent,
});
const serviceLine = (unitPrice: number, discountPercent = 0): SaleLineSpec => ({ kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice, discountPercent });

// ---- the server's side, read from its SQLite file ------------------------------------------------

const sql = async <T>(query: string, ...params: unknown[]) => (await bed.server.db.$client.prepare(query).all(...params)) as T[];
const count = async (query: string, ...params: unknown[]) => ((await bed.server.db.$client.prepare(query).get(...params)) as { n: number }).n;
const serverRow = async (table: 'items' | 'invoices' | 'jobCards' | 'customers', id: string) => (await bed.server.mirror())[table].find((row) => row.id === id);
const stockOf = async (itemId: string) => Number((await serverRow('items', itemId))?.stockHundredths);

async function expectAllEqualServer(...on: Device[]) {
  const expected = await bed.server.mirror();
  for (const d of on) expect(await d.mirror(), `${d.name} equals the server`).toEqual(expected);
}

/** Every row a sale wrote on the server, tombstones too: a row written twice, or left by a refusal, would show. */
async function rowsOfSale(invoiceId: string, mutationId: string) {
  return {
    invoices: await count(`SELECT COUNT(*) AS n FROM invoices WHERE id = ?`, invoiceId),
    lines: await count(`SELECT COUNT(*) AS n FROM invoice_lines WHERE invoiceId = ?`, invoiceId),
    payments: await count(`SELECT COUNT(*) AS n FROM payments WHERE invoiceId = ?`, invoiceId),
    movements: await count(`SELECT COUNT(*) AS n FROM stock_movements WHERE mutationId = ?`, mutationId),
    log: await sql<{ status: string; httpStatus: number }>(`SELECT status, httpStatus FROM applied_mutations WHERE id = ?`, mutationId),
  };
}

/** What a device holds of a sale's own rows. */
async function deviceRowsOfSale(d: Device, args: Record<string, any>) {
  const lineIds = (args.lines as { id: string }[]).map((line) => line.id);
  return {
    invoice: await d.db.invoices.get(args.id),
    lines: (await d.db.invoiceLines.bulkGet(lineIds)).filter(Boolean).length,
    payment: await d.db.payments.get(args.payment.id),
    movements: (await d.db.stockMovements.bulkGet(lineIds.map(saleMovementId))).filter(Boolean).length,
  };
}

describe('stock sold offline', () => {
  it('a sale with two lines of one item and a line of another takes each line off its stock on the device at once', async () => {
    // The device writes one item's movements in turn and different items' together (the sale's
    // writes are issued together to keep Confirm Payment → print fast): the same item's two
    // lines must not both read the stock before either wrote it.
    const a = await register('register-lines');
    const first = await newItem(a, 10);
    const second = await newItem(a, 4);
    a.net.offline = true;
    await a.sell({ lines: [itemLine(first, 2), itemLine(second, 1), itemLine(first, 3)] });
    expect((await a.db.items.get(first))?.stockHundredths).toBe(500);
    expect((await a.db.items.get(second))?.stockHundredths).toBe(300);
    a.net.offline = false;
    await a.syncClean();
    expect(await stockOf(first)).toBe(500);
    expect(await stockOf(second)).toBe(300);
    await expectAllEqualServer(a);
  });

  it('two registers sell the last unit offline: both sales stand, stock is −1 everywhere, two invoices with distinct numbers', async () => {
    const a = await register('register-a');
    const b = await register('register-b');
    const itemId = await newItem(a, 1);
    await a.syncClean();
    await b.syncClean();
    a.net.offline = true;
    b.net.offline = true;
    const onA = await a.sell({ lines: [itemLine(itemId, 1)] }); // a guest, paid in full
    const customerId = await newCustomer(b);
    const onB = await b.sell({ customerId, lines: [itemLine(itemId, 1)], tendered: 500 }); // part paid
    expect((await a.db.items.get(itemId))?.stockHundredths).toBe(0);
    expect((await b.db.items.get(itemId))?.stockHundredths).toBe(0);
    a.net.offline = false;
    b.net.offline = false;
    await a.syncClean();
    await b.syncClean();
    await a.syncClean();

    expect((await bed.server.appliedMutations()).filter((row) => row.name === 'checkoutSale').map((row) => [row.id, row.status])).toEqual([
      [onA.id, 'applied'],
      [onB.id, 'applied'],
    ]);
    expect(await stockOf(itemId)).toBe(-100);
    expect((await a.db.items.get(itemId))?.stockHundredths).toBe(-100);
    expect((await b.db.items.get(itemId))?.stockHundredths).toBe(-100);
    const movements = await sql<{ id: string; quantityHundredths: number; reason: string }>(
      `SELECT id, quantityHundredths, reason FROM stock_movements WHERE itemId = ? ORDER BY version`,
      itemId,
    );
    expect(movements).toEqual([
      { id: openingMovementId(itemId), quantityHundredths: 100, reason: 'opening' },
      { id: saleMovementId((onA.args.lines as { id: string }[])[0]!.id), quantityHundredths: -100, reason: 'sale' },
      { id: saleMovementId((onB.args.lines as { id: string }[])[0]!.id), quantityHundredths: -100, reason: 'sale' },
    ]);
    const numbers = (await sql<{ invoiceNo: string }>(`SELECT invoiceNo FROM invoices ORDER BY invoiceNo`)).map((row) => row.invoiceNo);
    expect(numbers).toEqual([`INV-${await codeOf(a)}-00001`, `INV-${await codeOf(b)}-00001`].sort());
    expect(new Set(numbers).size).toBe(2);
    expect(await serverRow('invoices', onB.args.id as string)).toMatchObject({ customerId, guest: false, totalCents: 150_000 });
    expect(await sql(`SELECT amountCents FROM payments WHERE invoiceId = ?`, onB.args.id)).toEqual([{ amountCents: 50_000 }]);
    expect(await a.db.problems.count()).toBe(0);
    expect(await b.db.problems.count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('a lost answer: the server committed the sale, the retry applies nothing twice', async () => {
    const a = await register('register');
    const filter = await newItem(a, 5);
    const pads = await newItem(a, 4, 3250.5);
    const customerId = await newCustomer(a);
    await a.syncClean();
    const lines = [itemLine(filter, 2, 1500, 10), serviceLine(4500), itemLine(pads, 1.5, 3250.5)];
    const tax = { taxRatePercent: 8, pricesIncludeTax: false };
    const sale = await a.sell({ customerId, lines, tax, tendered: 1000 });
    const invoiceId = sale.args.id as string;

    // The push is applied and committed; its answer never arrives. The device sends it again, and
    // the second time the same push goes twice at once.
    a.net.force('dropResponse');
    expect(await a.trySync()).not.toBeNull();
    expect(await a.outboxSize()).toBe(1);
    expect((await rowsOfSale(invoiceId, sale.id)).invoices).toBe(1);
    a.net.force('duplicatePush');
    await a.syncClean();

    expect(await rowsOfSale(invoiceId, sale.id)).toEqual({ invoices: 1, lines: 3, payments: 1, movements: 2, log: [{ status: 'applied', httpStatus: 200 }] });
    expect(await stockOf(filter)).toBe(300);
    expect(await stockOf(pads)).toBe(250);
    const total = saleTotalCents(lines, tax);
    expect(await serverRow('invoices', invoiceId)).toMatchObject({
      totalCents: total,
      taxRatePercent: 8,
      pricesIncludeTax: false,
      paidCents: 100_000,
      dueCents: total - 100_000,
      status: 'Due',
    });
    expect(await sql(`SELECT amountCents, tenderedCents FROM payments WHERE invoiceId = ?`, invoiceId)).toEqual([{ amountCents: 100_000, tenderedCents: 100_000 }]);
    expect((await a.db.items.get(filter))?.stockHundredths).toBe(300);
    expect((await a.db.items.get(pads))?.stockHundredths).toBe(250);
    expect(await a.db.problems.count()).toBe(0);
    await expectAllEqualServer(a);
  });
});

describe('invoice numbers', () => {
  it("a register's invoice number is final: the server keeps the number the device gave, and the next sale takes the next one", async () => {
    const a = await register('register');
    const code = await codeOf(a);
    expect(code).toMatch(/^D[0-9A-Z]{4}$/);
    a.net.offline = true;
    const first = await a.sell({ lines: [serviceLine(2500)] });
    expect((await a.db.invoices.get(first.args.id as string))?.invoiceNo).toBe(`INV-${code}-00001`);
    a.net.offline = false;
    await a.syncClean();
    expect((await serverRow('invoices', first.args.id as string))?.invoiceNo).toBe(`INV-${code}-00001`);
    expect((await a.db.invoices.get(first.args.id as string))?.invoiceNo).toBe(`INV-${code}-00001`);
    // The same register asks for its code again (a new login): it keeps it.
    expect(await a.ensureDeviceCode()).toBe(code);
    const second = await a.sell({ lines: [serviceLine(800)] });
    await a.syncClean();
    expect((await serverRow('invoices', second.args.id as string))?.invoiceNo).toBe(`INV-${code}-00002`);
    await expectAllEqualServer(a);
  });

  it('3 registers × 10 sales offline, synced at once: 30 distinct numbers, each of its register, on the server and every register', async () => {
    const registers = [await register('register-1'), await register('register-2'), await register('register-3')];
    const itemId = await newItem(registers[0]!, 100);
    await registers[0]!.syncClean();
    for (const r of registers) await r.syncClean();
    const madeOn = new Map<string, string>();
    for (const r of registers) r.net.offline = true;
    for (let i = 0; i < 10; i += 1) {
      for (const r of registers) {
        const sale = await r.sell({ lines: [itemLine(itemId, 1), serviceLine(1000 + i)] });
        madeOn.set(sale.args.id as string, await codeOf(r));
      }
    }
    for (const r of registers) r.net.offline = false;
    await Promise.all(registers.map(async (r) => r.syncClean()));
    await Promise.all(registers.map(async (r) => r.syncClean()));

    const rows = (await bed.server.mirror()).invoices as (SyncedRow & { invoiceNo: string })[];
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.invoiceNo)).size).toBe(30);
    for (const row of rows) expect(row.invoiceNo, `invoice ${row.id}`).toMatch(new RegExp(`^INV-${madeOn.get(row.id)}-000(0[1-9]|10)$`));
    const codes = await Promise.all(registers.map(codeOf));
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) {
      expect(
        rows
          .filter((row) => row.invoiceNo.startsWith(`INV-${code}-`))
          .map((row) => row.invoiceNo)
          .sort(),
      ).toEqual(Array.from({ length: 10 }, (_, i) => `INV-${code}-${String(i + 1).padStart(5, '0')}`));
    }
    expect(await stockOf(itemId)).toBe(10_000 - 3_000);
    for (const r of registers) expect(await r.db.problems.count(), `${r.name} problems`).toBe(0);
    await expectAllEqualServer(...registers);
  });
});

describe("invoice numbers a push may not keep (issue 24, point 7): recorded under the server's number, for review", () => {
  type Invoice = SyncedRow & { invoiceNo: string; reviewState: string; reviewReason: string; paidCents: number };
  const serverInvoice = async (id: string) => (await serverRow('invoices', id)) as Invoice | undefined;
  const paymentsOf = async (invoiceId: string) => sql<{ amountCents: number }>('SELECT amountCents FROM payments WHERE invoiceId = ?', invoiceId);

  it('a payment taken on a sale the server then refuses is recorded before its invoice, and waits for the corrected sale', async () => {
    const tablet = await register('tablet');
    const customerId = await newCustomer(tablet);
    await tablet.syncClean();
    tablet.net.offline = true;
    const sale = await tablet.sell({ customerId, lines: [serviceLine(2000)], tendered: 0, method: 'Credit' });
    // The register's arithmetic is off by a cent: the server refuses the sale when it arrives.
    await tablet.tamperQueued(sale, (args) => ({ ...args, total: (Math.round(Number(args.total) * 100) + 1) / 100 }));
    await tablet.run('recordPayment', { id: randomUUID(), invoiceId: sale.args.id, date: new Date().toISOString().slice(0, 10), method: 'Cash', amount: 500, note: '' });
    tablet.net.offline = false;
    await tablet.syncClean();
    expect(await serverInvoice(sale.args.id as string)).toBeUndefined();
    // The money was taken at the counter: it stands (before-its-invoice.ts), and the sale is the register's to correct.
    expect(await paymentsOf(sale.args.id as string)).toEqual([{ amountCents: 50_000 }]);
    expect((await tablet.db.problems.toArray()).map((problem) => problem.mutation.name)).toEqual(['checkoutSale']);
  });

  it('a register that made two client ids at start-up gets a code of its own at its next login, and its numbers stand again', async () => {
    // The start-up race fixed in client-id.ts: the code went to one id, the pushes come from the other.
    const tablet = await register('tablet');
    const first = await codeOf(tablet);
    await tablet.db.syncState.put({ key: 'clientId', value: randomUUID() });
    const before = await tablet.sell({ lines: [serviceLine(1200)] });
    await tablet.syncClean();
    expect(await serverInvoice(before.args.id as string)).toMatchObject({ invoiceNo: expect.stringMatching(/^INV-SRV-\d{5}$/), reviewState: 'open' });

    // The next login asks for the code with the one it holds: held by the other id, so a new one, from 1.
    const second = await tablet.ensureDeviceCode();
    expect(second).not.toBe(first);
    expect(await codeOf(tablet)).toBe(second);
    const after = await tablet.sell({ lines: [serviceLine(800)] });
    expect(after.args.invoiceNo).toBe(`INV-${second}-00001`);
    await tablet.syncClean();
    expect(await serverInvoice(after.args.id as string)).toMatchObject({ invoiceNo: `INV-${second}-00001`, reviewState: '' });

    // A register whose code is its own keeps it and its count at every login.
    expect(await tablet.ensureDeviceCode()).toBe(second);
    expect((await tablet.sell({ lines: [serviceLine(500)] })).args.invoiceNo).toBe(`INV-${second}-00002`);
    expect(await tablet.db.problems.count()).toBe(0);
  });

  it("a Staff register numbering with another register's code: its sale and money are recorded under INV-SRV, and the real register's sale keeps the number", async () => {
    const counter = await register('counter');
    const intruder = await register('intruder');
    const counterCode = await codeOf(counter);
    const forged = await intruder.run('checkoutSale', saleArgs(`INV-${counterCode}-00001`, { lines: [serviceLine(2500)] }));
    await intruder.syncClean();
    const recorded = (await serverInvoice(forged.args.id as string))!;
    expect(recorded.invoiceNo).toMatch(/^INV-SRV-\d{5}$/);
    expect(recorded).toMatchObject({ reviewState: 'open', reviewReason: `Printed as INV-${counterCode}-00001, with another register's code: recorded under the server's number.` });
    expect(await paymentsOf(forged.args.id as string)).toEqual([{ amountCents: 250_000 }]);

    const real = await counter.sell({ lines: [serviceLine(800)] });
    await counter.syncClean();
    expect(await serverInvoice(real.args.id as string)).toMatchObject({ invoiceNo: `INV-${counterCode}-00001`, reviewState: '' });
    await intruder.syncClean();
    expect((await intruder.db.invoices.get(forged.args.id as string))?.invoiceNo, 'the intruder holds the number the server gave').toBe(recorded.invoiceNo);
    for (const d of [counter, intruder]) expect(await d.db.problems.count(), `${d.name} problems`).toBe(0);
  });

  it("a push numbering in the server's own series cannot move it: recorded under the server's next number", async () => {
    const a = await register('register');
    const forged = await a.run('checkoutSale', saleArgs('INV-SRV-999999999', { lines: [serviceLine(1200)] }));
    await a.syncClean();
    const recorded = (await serverInvoice(forged.args.id as string))!;
    expect(recorded.invoiceNo).toBe('INV-SRV-00001');
    expect(recorded.reviewReason).toBe("Printed as INV-SRV-999999999, a number of the server's own series: recorded under the server's next number.");
    const rest = await bed.server.api('/api/sales/sales-invoices', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: bed.server.token },
      body: JSON.stringify({
        date: new Date().toISOString(),
        customerName: 'Walk-in',
        items: [{ itemName: 'Labour', quantity: 1, unitPriceAtSale: 500, discountPercentageAtSale: 0, totalPricePerItem: 500, isService: true }],
        total: 500,
        paidAmount: 500,
        paymentHistory: [{ date: new Date().toISOString(), method: 'Cash', amount: 500 }],
      }),
    });
    expect(rest.status, await rest.clone().text()).toBe(201);
    expect(((await rest.json()) as { invoice: { invoiceNo: string } }).invoice.invoiceNo).toBe('INV-SRV-00002');
  });

  it('a number its own register already used (its sequence lost): the second sale and its money are recorded under INV-SRV, nothing refused', async () => {
    const a = await register('register');
    const code = await codeOf(a);
    const first = await a.sell({ lines: [serviceLine(2500)] });
    await a.syncClean();
    // The register's own table holds each number once, so its next sale is INV-…-00002; the number
    // it sends is the one a register whose sequence was lost would send.
    a.net.offline = true;
    const again = await a.tamperQueued(await a.sell({ lines: [serviceLine(900)] }), (args) => ({ ...args, invoiceNo: `INV-${code}-00001` }));
    a.net.offline = false;
    await a.syncClean();
    expect(await serverInvoice(first.args.id as string)).toMatchObject({ invoiceNo: `INV-${code}-00001`, reviewState: '' });
    expect(await serverInvoice(again.args.id as string)).toMatchObject({
      invoiceNo: 'INV-SRV-00001',
      reviewState: 'open',
      reviewReason: `Printed as INV-${code}-00001, a number invoice INV-${code}-00001 already had: recorded under the server's number.`,
    });
    expect(await paymentsOf(again.args.id as string)).toEqual([{ amountCents: 90_000 }]);
    expect(await a.db.problems.count()).toBe(0);
    await expectAllEqualServer(a);
  });
});

describe('a part the server does not hold', () => {
  it('a pushed sale of it stands with its money, moves no stock for it, and is reviewed', async () => {
    const a = await register('register');
    const itemId = await newItem(a, 5);
    await a.syncClean();
    a.net.offline = true;
    // As if the item's record had not reached the server (a restore took it back): the line names an id it never saw.
    const unknown = randomUUID();
    const sale = await a.tamperQueued(await a.sell({ lines: [itemLine(itemId, 1), serviceLine(500)] }), (args) => ({
      ...args,
      lines: (args.lines as Record<string, unknown>[]).map((line) => (line.kind === 'item' ? { ...line, refId: unknown, name: 'Oil filter (lost)' } : line)),
    }));
    a.net.offline = false;
    await a.syncClean();

    expect(await serverRow('invoices', sale.args.id as string)).toMatchObject({
      reviewState: 'open',
      reviewReason: 'Oil filter (lost): not on the server when this sale reached it (never sent, or lost to a restore), so no stock moved for it.',
    });
    expect(await sql<{ amountCents: number }>('SELECT amountCents FROM payments WHERE invoiceId = ?', sale.args.id)).toEqual([{ amountCents: 200_000 }]);
    expect(await count("SELECT COUNT(*) AS n FROM stock_movements WHERE reason = 'sale'")).toBe(0);
    expect(await stockOf(itemId)).toBe(500);
    expect(await a.db.problems.count()).toBe(0);
  });
});

describe('a refused sale', () => {
  for (const off of [0.01, -0.01]) {
    it(`a sale whose total was tampered with (${off > 0 ? '+' : ''}${off}) is refused, listed as a problem, and every optimistic row is taken back`, async () => {
      const a = await register('register');
      const b = await register('office');
      const filter = await newItem(a, 3, 1499.99);
      const oil = await newItem(a, 10, 2750);
      const customerId = await newCustomer(a);
      const jobId = await finishedJob(a, customerId, [{ kind: 'service', refId: null, name: 'Oil change', quantity: 1, unitPrice: 2500 }]);
      await a.syncClean();
      await b.syncClean();
      const before = await bed.server.mirror();

      a.net.offline = true;
      const lines = [itemLine(filter, 2, 1499.99, 12.5), itemLine(oil, 3.5, 2750), serviceLine(2500, 5)];
      const tax = { taxRatePercent: 10, pricesIncludeTax: true };
      const sale = await a.sell({ customerId, jobCardId: jobId, lines, tax, tendered: 2000, method: 'Card' });
      const args = sale.args as Record<string, any>;
      // The optimistic rows are all there on the register.
      expect(await deviceRowsOfSale(a, args)).toMatchObject({ lines: 3, movements: 2, payment: { amountCents: 200_000 } });
      expect((await a.db.items.get(filter))?.stockHundredths).toBe(100);
      expect((await a.db.items.get(oil))?.stockHundredths).toBe(650);
      expect((await a.db.jobCards.get(jobId))?.invoiceId).toBe(args.id);

      const real = toCents(args.total);
      const tampered = (real + Math.round(off * 100)) / 100;
      await a.tamperQueued(sale, (queued) => ({ ...queued, total: tampered }));
      a.net.offline = false;
      await a.syncClean();

      const message = saleMessages.totalMismatch(formatMoney(toCents(tampered)), formatMoney(real));
      expect((await a.db.problems.toArray()).map((p) => [p.mutation.id, p.httpStatus, p.message])).toEqual([[sale.id, 400, message]]);
      expect(await rowsOfSale(args.id, sale.id)).toEqual({ invoices: 0, lines: 0, payments: 0, movements: 0, log: [{ status: 'rejected', httpStatus: 400 }] });
      // The register is back at the server's state: no invoice, lines, payment or movements, stock and job as they were.
      expect(await deviceRowsOfSale(a, args)).toEqual({ invoice: undefined, lines: 0, payment: undefined, movements: 0 });
      expect((await a.db.items.get(filter))?.stockHundredths).toBe(300);
      expect((await a.db.items.get(oil))?.stockHundredths).toBe(1000);
      expect((await a.db.jobCards.get(jobId))?.invoiceId).toBeNull();
      expect(await bed.server.mirror()).toEqual(before);
      await b.syncClean();
      await expectAllEqualServer(a, b);
    });
  }

  it('the register itself refuses a total that does not match its lines, queueing nothing', async () => {
    const a = await register('register');
    const before = await a.outboxSize();
    const invoiceNo = await a.nextInvoiceNo();
    const lines = [{ id: randomUUID(), kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice: 1000, discountPercent: 0, warrantyMonths: 0 }];
    const attempt = a.run('checkoutSale', {
      id: randomUUID(),
      invoiceNo,
      date: new Date().toISOString(),
      customerId: null,
      guest: true,
      lines,
      taxRatePercent: 0,
      pricesIncludeTax: false,
      total: 1000.01,
      payment: { id: randomUUID(), method: 'Cash', tendered: 1000.01 },
    });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow(saleMessages.totalMismatch(formatMoney(100_001), formatMoney(100_000)));
    expect(await a.outboxSize()).toBe(before);
    expect(await a.db.invoices.count()).toBe(0);
  });
});

describe('sales of job cards', () => {
  it("a walk-in guest's job (no customer record, only a plate) is made offline, numbered, and sold to a guest without a review", async () => {
    // Issue 25: the job card's Guest choice. The job keeps guestCustomerId and 'Guest'; no customer row is made.
    const a = await register('tablet');
    const b = await register('register');
    a.net.offline = true;
    const jobId = await finishedJob(a, guestCustomerId, [{ kind: 'service', refId: null, name: 'Puncture repair', quantity: 1, unitPrice: 800 }]);
    expect(await a.db.jobCards.get(jobId)).toMatchObject({ customerId: guestCustomerId, customerName: 'Guest', customerPhone: '', vehicleLicensePlate: 'CAB-1001' });
    a.net.offline = false;
    await a.syncClean();
    expect(await serverRow('jobCards', jobId)).toMatchObject({ jobNumber: 'JOB-0001', customerId: guestCustomerId, customerName: 'Guest', customerPhone: '' });
    expect((await bed.server.mirror()).customers).toEqual([]);

    await b.syncClean();
    const sale = await b.sell({ customerId: saleCustomerOfJob(guestCustomerId), jobCardId: jobId, lines: await jobSaleLines(b, jobId) });
    await b.syncClean();
    await a.syncClean();
    expect(await serverRow('invoices', sale.args.id as string)).toMatchObject({
      jobCardId: jobId,
      customerId: null,
      guest: true,
      customerName: 'Guest',
      status: 'Paid',
      reviewState: '',
    });
    expect(await serverRow('jobCards', jobId)).toMatchObject({ invoiceId: sale.args.id, invoiceNo: sale.args.invoiceNo });
    expect(await b.db.problems.count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('a job-card sale links the job, with its invoice number, on every device', async () => {
    const a = await register('register');
    const b = await register('tablet');
    const c = await register('office');
    const itemId = await newItem(a, 6, 3250.5);
    const customerId = await newCustomer(a);
    const jobId = await finishedJob(a, customerId, [
      { kind: 'item', refId: itemId, name: 'Brake pads', quantity: 2, unitPrice: 3250.5 },
      { kind: 'service', refId: null, name: 'Brake pad replacement', quantity: 1, unitPrice: 4500 },
    ]);
    await a.syncClean();
    await b.syncClean();
    await c.syncClean();

    b.net.offline = true;
    const sale = await b.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(b, jobId), tendered: 5000 });
    const invoiceNo = sale.args.invoiceNo as string;
    expect(await b.db.jobCards.get(jobId)).toMatchObject({ invoiceId: sale.args.id, invoiceNo });
    b.net.offline = false;
    await b.syncClean();
    await a.syncClean();
    await c.syncClean();

    expect(await serverRow('jobCards', jobId)).toMatchObject({ invoiceId: sale.args.id, invoiceNo, status: 'Finished' });
    expect(await serverRow('invoices', sale.args.id as string)).toMatchObject({ jobCardId: jobId, vehicleLicensePlate: 'CAB-1001', customerId, guest: false });
    for (const d of [a, b, c]) expect(await d.db.jobCards.get(jobId), `${d.name} job`).toMatchObject({ invoiceId: sale.args.id, invoiceNo });
    expect(await stockOf(itemId)).toBe(400);
    // Invoiced: the job stays finished and stays, on every device.
    await expect(a.run('setJobCardStatus', { id: jobId, status: 'Open', changeId: randomUUID() })).rejects.toThrow(jobStatusMessages.reopenInvoiced);
    await expect(c.run('deleteJobCard', { id: jobId })).rejects.toThrow('This job has an invoice and cannot be deleted.');
    await expectAllEqualServer(a, b, c);
  });

  it('a job reopened on the tablet while the counter sold it offline: the sale and its money stand, for review (issue 24, point 9)', async () => {
    const counter = await register('counter');
    const tablet = await register('tablet');
    const customerId = await newCustomer(counter);
    const jobId = await finishedJob(counter, customerId, [{ kind: 'service', refId: null, name: 'Wheel alignment', quantity: 1, unitPrice: 3500 }]);
    await counter.syncClean();
    await tablet.syncClean();

    counter.net.offline = true;
    const sale = await counter.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(counter, jobId) });
    await tablet.run('setJobCardStatus', { id: jobId, status: 'Open', changeId: randomUUID() }); // the Admin reopens it to add a part
    await tablet.syncClean();
    counter.net.offline = false;
    await counter.syncClean();

    const jobNumber = String((await serverRow('jobCards', jobId))?.jobNumber);
    expect(await serverRow('invoices', sale.args.id as string)).toMatchObject({
      reviewState: 'open',
      reviewReason: `Job ${jobNumber} was open on the server when this sale reached it (reopened or never finished): its lines may have changed since.`,
    });
    expect(await sql<{ amountCents: number }>('SELECT amountCents FROM payments WHERE invoiceId = ?', sale.args.id)).toEqual([{ amountCents: 350_000 }]);
    expect(await counter.db.problems.count()).toBe(0);
    // The register refuses to sell a job it holds as open.
    await tablet.syncClean();
    await expect(tablet.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(tablet, jobId) })).rejects.toThrow(/already has invoice|Finish the job/);
  });

  it("a pushed sale linking another customer's job: the sale and its money stand, for review (issue 24, point 9)", async () => {
    // A register whose sale names one customer and another customer's job (other arithmetic, or a hand
    // on the wire): the sale happened at the counter, so it is recorded and raised, not refused.
    const counter = await register('counter');
    const owner = await newCustomer(counter, 'Nimal Owner');
    const buyer = await newCustomer(counter, 'Ruwan Buyer');
    const jobId = await finishedJob(counter, owner, [{ kind: 'service', refId: null, name: 'Wheel alignment', quantity: 1, unitPrice: 3500 }]);
    await counter.syncClean();

    counter.net.offline = true;
    const sale = await counter.sell({ customerId: owner, jobCardId: jobId, lines: await jobSaleLines(counter, jobId), tendered: 1000 });
    await counter.tamperQueued(sale, (args) => ({ ...args, customerId: buyer }));
    counter.net.offline = false;
    await counter.syncClean();

    const jobNumber = String((await serverRow('jobCards', jobId))?.jobNumber);
    expect((await bed.server.appliedMutations()).find((row) => row.id === sale.id)?.status).toBe('applied');
    expect(await serverRow('invoices', sale.args.id as string)).toMatchObject({
      customerId: buyer,
      jobCardId: jobId,
      reviewState: 'open',
      reviewReason: saleReviewReasons.otherCustomersJob(jobNumber),
    });
    expect(await sql<{ amountCents: number }>('SELECT amountCents FROM payments WHERE invoiceId = ?', sale.args.id)).toEqual([{ amountCents: 100_000 }]);
    expect(await counter.db.problems.count()).toBe(0);
  });

  it('the register refuses to sell a job it holds as not finished, queueing nothing', async () => {
    const counter = await register('counter');
    const customerId = await newCustomer(counter);
    const jobId = await finishedJob(counter, customerId, [{ kind: 'service', refId: null, name: 'Wash', quantity: 1, unitPrice: 900 }]);
    await counter.run('setJobCardStatus', { id: jobId, status: 'Open', changeId: randomUUID() });
    const before = await counter.outboxSize();
    await expect(counter.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(counter, jobId) })).rejects.toThrow(saleMessages.jobNotFinished);
    expect(await counter.outboxSize()).toBe(before);
  });

  it("a second register's sale of the same job, made offline, stands as its own invoice, marked for review as a duplicate", async () => {
    // Issue 23: the sale was printed and paid at register B; refusing it would lose the money. It is
    // recorded under its printed number with its payment and its stock, and raised for review.
    const a = await register('register-a');
    const b = await register('register-b');
    const itemId = await newItem(a, 2, 1800);
    const customerId = await newCustomer(a);
    const jobId = await finishedJob(a, customerId, [
      { kind: 'item', refId: itemId, name: 'Oil filter', quantity: 1, unitPrice: 1800 },
      { kind: 'service', refId: null, name: 'Oil change', quantity: 1, unitPrice: 2500 },
    ]);
    await a.syncClean();
    await b.syncClean();

    b.net.offline = true;
    const onB = await b.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(b, jobId), method: 'Card' });
    expect((await b.db.items.get(itemId))?.stockHundredths).toBe(100);
    const onA = await a.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(a, jobId), tendered: 1000 });
    await a.syncClean();
    b.net.offline = false;
    await b.syncClean();

    const invoiceNoA = onA.args.invoiceNo as string;
    const jobNumber = String((await serverRow('jobCards', jobId))?.jobNumber);
    expect(await b.db.problems.count()).toBe(0);
    expect(await rowsOfSale(onB.args.id as string, onB.id)).toEqual({ invoices: 1, lines: 2, payments: 1, movements: 1, log: [{ status: 'applied', httpStatus: 200 }] });
    expect(await serverRow('invoices', onB.args.id as string)).toMatchObject({
      invoiceNo: onB.args.invoiceNo,
      jobCardId: jobId,
      paidCents: 430_000,
      reviewState: 'open',
      duplicateOfId: onA.args.id,
      reviewReason: `Second sale of job ${jobNumber}: it was already invoiced as ${invoiceNoA}.`,
    });
    expect(await serverRow('invoices', onA.args.id as string)).toMatchObject({ reviewState: '', duplicateOfId: null });
    // The job stays with its first invoice, on the server and on both registers.
    expect(await serverRow('jobCards', jobId)).toMatchObject({ invoiceId: onA.args.id, invoiceNo: invoiceNoA });
    expect(await b.db.jobCards.get(jobId)).toMatchObject({ invoiceId: onA.args.id, invoiceNo: invoiceNoA });
    expect(await count(`SELECT COUNT(*) AS n FROM invoices WHERE jobCardId = ?`, jobId)).toBe(2);
    // Both oil filters left the shop.
    expect(await stockOf(itemId)).toBe(0);
    await a.syncClean();
    expect(await a.db.invoices.where('reviewState').equals('open').primaryKeys()).toEqual([onB.args.id]);

    // A manager looks at it on register A and marks it reviewed; register B hears of it.
    await a.run('markSaleReviewed', { id: onB.args.id });
    await a.syncClean();
    await b.syncClean();
    expect(await serverRow('invoices', onB.args.id as string)).toMatchObject({ reviewState: 'reviewed', reviewedBy: a.author.name });
    expect(await b.db.invoices.where('reviewState').equals('open').count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('a duplicate sale taken back whole, its money kept as credit, closes its review on every register; a part return leaves it open', async () => {
    // Issue 26: Sales to Review settles a second sale of a job by a full return, refunded or kept as
    // the customer's credit. The return closes the review where it is made, offline too, and everywhere after.
    const a = await register('register-a');
    const b = await register('register-b');
    const itemId = await newItem(a, 2, 1800);
    const customerId = await newCustomer(a);
    const jobId = await finishedJob(a, customerId, [
      { kind: 'item', refId: itemId, name: 'Oil filter', quantity: 1, unitPrice: 1800 },
      { kind: 'service', refId: null, name: 'Oil change', quantity: 1, unitPrice: 2500 },
    ]);
    await a.syncClean();
    await b.syncClean();
    b.net.offline = true;
    const onB = await b.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(b, jobId), method: 'Card' });
    await a.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(a, jobId) });
    await a.syncClean();
    b.net.offline = false;
    await b.syncClean();
    const duplicateId = onB.args.id as string;
    expect(await b.db.invoices.get(duplicateId)).toMatchObject({ reviewState: 'open' });
    const soldLines = onB.args.lines as { id: string; kind: string }[];
    const filter = soldLines.find((line) => line.kind === 'item');
    const service = soldLines.find((line) => line.kind === 'service');
    /** A return on B of one line, its worth kept as the customer's credit, as the Returns screen makes it. */
    const giveBack = async (line: { invoiceLineId: string; itemId: string | null }, refund: number) =>
      b.run('returnSale', {
        id: randomUUID(),
        creditNoteNo: await nextCreditNoteNo(b.db),
        invoiceId: duplicateId,
        date: new Date().toISOString(),
        reason: 'Duplicate sale',
        note: '',
        refundMethod: 'Customer Credit',
        refundPaymentId: randomUUID(),
        refund,
        lines: [{ id: randomUUID(), ...line, quantity: 1, disposition: 'restock', supplierName: '' }],
      });

    // The oil filter alone: the duplicate is still open (its service was not taken back).
    b.net.offline = true;
    await giveBack({ invoiceLineId: filter!.id, itemId }, 1800);
    expect(await b.db.invoices.get(duplicateId)).toMatchObject({ reviewState: 'open', returnedCents: 180_000 });
    // The service too: the whole sale is back, so its review closes on this register at once, offline.
    await giveBack({ invoiceLineId: service!.id, itemId: null }, 2500);
    expect(await b.db.invoices.get(duplicateId)).toMatchObject({ reviewState: 'reviewed', reviewedBy: b.author.name, returnedCents: 430_000 });
    expect(await b.db.invoices.where('reviewState').equals('open').count()).toBe(0);
    b.net.offline = false;
    await b.syncClean();
    await a.syncClean();
    expect(await serverRow('invoices', duplicateId)).toMatchObject({ reviewState: 'reviewed', reviewedBy: b.author.name, returnedCents: 430_000, paidCents: 0, dueCents: 0 });
    expect(await a.db.invoices.where('reviewState').equals('open').count()).toBe(0);
    // The card money stays with the shop as the customer's credit; the second filter is back on the shelf.
    expect(await count(`SELECT COALESCE(SUM(-amountCents), 0) AS n FROM payments WHERE invoiceId = ? AND amountCents < 0 AND method = 'Customer Credit'`, duplicateId)).toBe(
      430_000,
    );
    expect(Number((await serverRow('items', itemId))?.stockHundredths)).toBe(100);
    expect(await b.db.problems.count()).toBe(0);
    await expectAllEqualServer(a, b);
  });

  it('a register that already holds the job as invoiced refuses a second sale of it at once (a cart kept from before), queueing nothing', async () => {
    const a = await register('register-a');
    const b = await register('register-b');
    const customerId = await newCustomer(a);
    const jobId = await finishedJob(a, customerId, [{ kind: 'service', refId: null, name: 'Wheel alignment', quantity: 1, unitPrice: 3000 }]);
    await a.syncClean();
    await b.syncClean();
    const cart = await jobSaleLines(b, jobId); // B's cart is filled from the job while it has no invoice
    const first = await a.sell({ customerId, jobCardId: jobId, lines: await jobSaleLines(a, jobId) });
    await a.syncClean();
    await b.syncClean(); // B hears of A's invoice; its cart is still there

    const attempt = b.sell({ customerId, jobCardId: jobId, lines: cart });
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow(`This job already has invoice ${String(first.args.invoiceNo)}.`);
    expect(await b.outboxSize()).toBe(0);
    expect(await b.db.jobCards.get(jobId)).toMatchObject({ invoiceId: first.args.id, invoiceNo: first.args.invoiceNo });
    expect(await b.db.invoices.count()).toBe(1);
    await expectAllEqualServer(a, b);
  });
});

describe('a customer changed while a sale for them waited', () => {
  it('renamed on another device while the sale waited (held back by a pull): the rename is not lost, and the invoice carries it', async () => {
    const office = await register('office');
    const b = await register('register');
    const customerId = await newCustomer(office, 'Kasun Perera');
    await office.syncClean();
    await b.syncClean();
    b.net.offline = true;
    const sale = await b.sell({ customerId, lines: [serviceLine(6000)], tendered: 2000 });
    expect((await b.db.invoices.get(sale.args.id as string))?.customerName).toBe('Kasun Perera');
    await office.edit('updateCustomer', customerId, { customerName: 'Kasun Perera (fleet)' });
    await office.syncClean();
    b.net.offline = false;
    await b.engine.pull(); // the renamed customer is held back: B's sale touches it
    expect((await b.db.customers.get(customerId))?.customerName).toBe('Kasun Perera');
    await b.syncClean();

    expect((await serverRow('customers', customerId))?.customerName).toBe('Kasun Perera (fleet)');
    expect((await serverRow('invoices', sale.args.id as string))?.customerName).toBe('Kasun Perera (fleet)');
    expect((await b.db.customers.get(customerId))?.customerName).toBe('Kasun Perera (fleet)');
    expect((await b.db.invoices.get(sale.args.id as string))?.customerName).toBe('Kasun Perera (fleet)');
    await office.syncClean();
    await expectAllEqualServer(office, b);
  });

  it('deleted on another device while a credit sale for them waited: the sale and its money stand, for review (issue 24, point 9)', async () => {
    const office = await register('office');
    const counter = await register('counter');
    const customerId = await newCustomer(office, 'Kamal Deleted');
    await office.syncClean();
    await counter.syncClean();
    counter.net.offline = true;
    const sale = await counter.sell({ customerId, lines: [serviceLine(6000)], tendered: 2000 }); // on credit: Rs. 4,000 due
    await office.run('deleteCustomer', { id: customerId });
    await office.syncClean();
    counter.net.offline = false;
    await counter.syncClean();

    expect((await bed.server.appliedMutations()).find((row) => row.id === sale.id)?.status).toBe('applied');
    expect(await serverRow('invoices', sale.args.id as string)).toMatchObject({ customerId, reviewState: 'open', reviewReason: saleReviewReasons.customerDeleted });
    expect(await sql<{ amountCents: number }>('SELECT amountCents FROM payments WHERE invoiceId = ?', sale.args.id)).toEqual([{ amountCents: 200_000 }]);
    expect(await counter.db.problems.count()).toBe(0);
  });

  it('renamed after the sale reached the server: the invoice keeps the name it was sold under, the customer has the new one everywhere', async () => {
    const office = await register('office');
    const b = await register('register');
    const customerId = await newCustomer(office, 'Dilani Silva');
    await office.syncClean();
    await b.syncClean();
    const sale = await b.sell({ customerId, lines: [serviceLine(6000)] });
    await b.syncClean();
    await office.edit('updateCustomer', customerId, { customerName: 'Dilani Fernando' });
    await office.syncClean();
    await b.syncClean();
    expect((await serverRow('invoices', sale.args.id as string))?.customerName).toBe('Dilani Silva');
    expect((await b.db.customers.get(customerId))?.customerName).toBe('Dilani Fernando');
    await expectAllEqualServer(office, b);
  });
});
