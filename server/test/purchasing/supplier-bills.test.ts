import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ago, useDrawerServer } from '../drawer-helpers';
import { countRows, postOk, type Json } from '../helpers';
import { itemBody } from '../../../tests/factories';
import { billMessages } from '@shared/schemas/supplier-bill';
import { formatZReportNo } from '@shared/domain/invoice-number';
import { syncProtocol } from '@shared/sync/protocol';
import { syncedTables } from '@shared/sync/tables';

// Issue 44, point 6, on the real server and a real SQLite file: a bill entered against deliveries and
// matched line by line; more than was received refused; a supplier paid by bank or from the drawer,
// the cash a pay-out on the session's Z report; Staff read none of it.
const d = useDrawerServer();
const minute = 60_000;

/** A supplier, an item and a placed order of `quantity` at `unitCost`, received in full: the delivery line. */
async function received(quantity: number, unitCost: number) {
  const token = d.admin.token;
  const category = (await postOk(d.server, token, '/api/categories', { name: `Parts ${randomUUID().slice(0, 6)}`, description: '' })).category._id;
  const supplierId = (await postOk(d.server, token, '/api/suppliers', { name: 'Lanka Auto Parts', paymentTermsDays: 30 })).supplier.id as string;
  const item = (await postOk(d.server, token, '/api/items', itemBody(category, { itemName: `Brake Pads ${randomUUID().slice(0, 4)}`, costPrice: unitCost }))).item.id as string;
  const made = await postOk(d.server, token, '/api/purchase-orders', { supplier: supplierId, lines: [{ item, quantity, unitCost }] });
  await postOk(d.server, token, `/api/purchase-orders/${made.order._id}/order`, {});
  const order = await d.server.call('GET', `/api/purchase-orders/${made.order._id}`, token);
  await postOk(d.server, token, `/api/purchase-orders/${made.order._id}/receipts`, { lines: [{ item, orderLine: order.json.lines[0]._id, quantity }] });
  const line = (await d.server.db.$client.prepare('SELECT id, receiptId FROM goods_receipt_lines WHERE itemId = ?').get(item)) as { id: string; receiptId: string };
  return { supplierId, item, receiptLineId: line.id };
}

const billArgs = (supplierId: string, lines: { receiptLineId: string; quantity: number | string; unitCost: number | string }[], billNo = `LAP-${randomUUID().slice(0, 5)}`) => ({
  id: randomUUID(),
  supplierId,
  billNo,
  billDate: '2026-12-01',
  dueDate: '2026-12-31',
  lines: lines.map((line) => ({ id: randomUUID(), ...line })),
});

const bill = async (id: string) => (await d.server.db.$client.prepare('SELECT * FROM supplier_bills WHERE id = ?').get(id)) as Json;

describe('a supplier bill', () => {
  it('matched against its delivery: the same cost stands, a line more than a rupee apart is shown', async () => {
    const { supplierId, receiptLineId } = await received(10, 1200);
    const exact = billArgs(supplierId, [{ receiptLineId, quantity: 4, unitCost: 1200 }]);
    expect(await d.pushA('enterSupplierBill', exact)).toMatchObject({ status: 'applied' });
    expect(await bill(exact.id)).toMatchObject({ totalCents: 480_000, receivedCents: 480_000, differs: 0 });
    const dearer = billArgs(supplierId, [{ receiptLineId, quantity: 6, unitCost: 1200.2 }]);
    expect(await d.pushA('enterSupplierBill', dearer)).toMatchObject({ status: 'applied' });
    expect(await bill(dearer.id)).toMatchObject({ totalCents: 720_120, receivedCents: 720_000, differs: 1 });
  });

  it.each([
    ['more than was received', 11, 1200, billMessages.moreThanReceived('', '10').replace(/More .* is/, 'More')],
    ['a quantity of 0', 0, 1200, 'Quantity must be more than 0, with at most two decimals.'],
    ['three decimals', 1.005, 1200, 'Quantity must be more than 0, with at most two decimals.'],
    ['a negative cost', 1, -5, 'Unit cost must be a number of at least 0, with at most two decimals.'],
  ])('refuses %s with its message, writing nothing', async (_case, quantity, unitCost, message) => {
    const { supplierId, receiptLineId } = await received(10, 1200);
    const outcome = await d.pushA('enterSupplierBill', billArgs(supplierId, [{ receiptLineId, quantity, unitCost }]));
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 400 });
    if (message.startsWith('More')) expect(String(outcome.message)).toMatch(/^More Brake Pads .* is billed than was received and not yet billed \(10\)\.$/);
    else expect(outcome.message).toBe(message);
    expect((await countRows(d.server.db, 'supplier_bills')) + (await countRows(d.server.db, 'supplier_bill_lines'))).toBe(0);
  });

  it('refuses billing what another bill took already, and the same bill number twice', async () => {
    const { supplierId, receiptLineId } = await received(5, 100);
    expect(await d.pushA('enterSupplierBill', billArgs(supplierId, [{ receiptLineId, quantity: 3, unitCost: 100 }], 'INV-77'))).toMatchObject({ status: 'applied' });
    const beyond = await d.pushA('enterSupplierBill', billArgs(supplierId, [{ receiptLineId, quantity: 3, unitCost: 100 }]));
    expect(beyond).toMatchObject({ status: 'rejected', httpStatus: 400 });
    expect(beyond.message).toMatch(/not yet billed \(2\)\.$/);
    const again = await d.pushA('enterSupplierBill', billArgs(supplierId, [{ receiptLineId, quantity: 1, unitCost: 100 }], 'INV-77'));
    expect(again).toMatchObject({ status: 'rejected', httpStatus: 409, message: billMessages.billNoTaken('INV-77') });
    expect(await countRows(d.server.db, 'supplier_bills')).toBe(1);
  });

  it('refuses a delivery line of another supplier, and a supplier not on record', async () => {
    const first = await received(5, 100);
    const second = await received(5, 100);
    const other = await d.pushA('enterSupplierBill', billArgs(second.supplierId, [{ receiptLineId: first.receiptLineId, quantity: 1, unitCost: 100 }]));
    expect(other).toMatchObject({ status: 'rejected', httpStatus: 400, message: billMessages.receiptLineGone });
    const gone = await d.pushA('enterSupplierBill', billArgs(randomUUID(), [{ receiptLineId: first.receiptLineId, quantity: 1, unitCost: 100 }]));
    expect(gone).toMatchObject({ status: 'rejected', httpStatus: 400, message: billMessages.supplierGone });
  });

  it('is entered only by those who purchase; Staff read no bill, line or payment', async () => {
    const { supplierId, receiptLineId } = await received(5, 100);
    const staff = (await d.server.userWithRole('Staff')).token;
    const asStaff = await d.pushFrom('register-b', 'enterSupplierBill', billArgs(supplierId, [{ receiptLineId, quantity: 1, unitCost: 100 }]), { token: staff });
    expect(asStaff).toMatchObject({ status: 'rejected', httpStatus: 403 });
    await d.pushA('enterSupplierBill', billArgs(supplierId, [{ receiptLineId, quantity: 1, unitCost: 100 }]));
    await d.pushA('paySupplier', { id: randomUUID(), supplierId, amount: 100, method: 'Bank Transfer' });
    const tables = async (token: string) => {
      const pulled = await d.server.call('GET', `/api/sync/pull?limit=5000&scope=1&protocol=${syncProtocol}&tables=${syncedTables.join(',')}`, token);
      return new Set((pulled.json.changes as { table: string }[]).map((change) => change.table));
    };
    const forStaff = await tables(staff);
    for (const table of ['supplierBills', 'supplierBillLines', 'supplierPayments']) expect(forStaff.has(table)).toBe(false);
    const forAdmin = await tables(d.admin.token);
    for (const table of ['supplierBills', 'supplierBillLines', 'supplierPayments']) expect(forAdmin.has(table)).toBe(true);
  });
});

describe('paying a supplier', () => {
  it('from the drawer: a pay-out in the session, on its Z report, recorded once however often it is sent', async () => {
    const { supplierId, receiptLineId } = await received(2, 1500);
    const billed = billArgs(supplierId, [{ receiptLineId, quantity: 2, unitCost: 1500 }]);
    await d.pushA('enterSupplierBill', billed);
    const sessionId = await d.openA(5000, ago(30 * minute));
    await d.sellOnA(1000, ago(20 * minute));
    const payment = { id: randomUUID(), supplierId, billId: billed.id, amount: 3000, method: 'Cash', sessionId };
    const id = randomUUID();
    expect(await d.pushA('paySupplier', payment, { id, createdAt: ago(10 * minute) })).toMatchObject({ status: 'applied' });
    expect(await d.pushA('paySupplier', payment, { id, createdAt: ago(10 * minute) })).toMatchObject({ status: 'applied' });
    expect(await countRows(d.server.db, 'supplier_payments')).toBe(1);
    const move = (await d.server.db.$client.prepare('SELECT * FROM drawer_moves WHERE id = ?').get(`${payment.id}/drawer`)) as Json;
    expect(move).toMatchObject({ sessionId, kind: 'payOut', amountCents: 300_000, reason: `Paid to Lanka Auto Parts, bill ${billed.billNo}` });
    // Float 5,000 + a 1,000 cash sale − 3,000 to the supplier: 3,000 expected.
    await d.pushA('closeDrawer', d.closeArgs(sessionId, formatZReportNo(d.codeA, 1), 3000, { 500_000: 0, 100_000: 3 }));
    const takings = JSON.parse((await d.session(sessionId)).takingsJson as string).takings as Json;
    expect(takings).toMatchObject({ payOutsCents: 300_000, cashSalesCents: 100_000 });
    expect(await d.session(sessionId)).toMatchObject({ expectedCents: 300_000, differenceCents: 0 });
  });

  it('in cash with a session the server has not seen waits on its device (425)', async () => {
    const { supplierId } = await received(1, 100);
    const outcome = await d.pushA('paySupplier', { id: randomUUID(), supplierId, amount: 100, method: 'Cash', sessionId: randomUUID() });
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 425 });
    expect(await countRows(d.server.db, 'supplier_payments')).toBe(0);
  });

  it.each([
    ['an amount of 0', { amount: 0, method: 'Bank Transfer' }, billMessages.amount],
    ['cash with no drawer', { amount: 100, method: 'Cash' }, billMessages.openDrawer],
    ['a method we do not pay by', { amount: 100, method: 'Card' }, billMessages.method],
  ])('refuses %s with its message, writing nothing', async (_case, fields, message) => {
    const { supplierId } = await received(1, 100);
    const outcome = await d.pushA('paySupplier', { id: randomUUID(), supplierId, ...fields });
    expect(outcome).toMatchObject({ status: 'rejected', httpStatus: 400, message });
    expect((await countRows(d.server.db, 'supplier_payments')) + (await countRows(d.server.db, 'drawer_moves'))).toBe(0);
  });

  it('by bank for a supplier deleted since: recorded, a fact', async () => {
    const { supplierId } = await received(1, 100);
    await d.server.call('DELETE', `/api/suppliers/${supplierId}`, d.admin.token);
    expect(await d.pushA('paySupplier', { id: randomUUID(), supplierId, amount: 250, method: 'Cheque', reference: '004512' })).toMatchObject({ status: 'applied' });
    expect(await countRows(d.server.db, 'supplier_payments', "method = 'Cheque' AND amountCents = 25000")).toBe(1);
  });
});

describe('over REST', () => {
  it('a bill and a cheque: 201, the aging counts them; more than received is a 400 with its message, nothing written', async () => {
    const { supplierId, receiptLineId } = await received(4, 250);
    const token = d.admin.token;
    const beyond = await d.server.call('POST', '/api/payables/bills', token, {
      supplier: supplierId,
      billNo: 'B-1',
      billDate: '2026-12-01',
      lines: [{ receiptLine: receiptLineId, quantity: 5, unitCost: 250 }],
    });
    expect(beyond.status).toBe(400);
    expect(beyond.json).toMatchObject({ success: false, message: expect.stringMatching(/^More Brake Pads .* is billed than was received and not yet billed \(4\)\.$/) });
    expect(await countRows(d.server.db, 'supplier_bills')).toBe(0);
    const made = await d.server.call('POST', '/api/payables/bills', token, {
      supplier: supplierId,
      billNo: 'B-1',
      billDate: '2026-10-01',
      lines: [{ receiptLine: receiptLineId, quantity: 4, unitCost: 250 }],
    });
    expect(made.status).toBe(201);
    // The due date from the supplier's 30 days' terms.
    expect(made.json.bill).toMatchObject({ billNo: 'B-1', total: 1000, dueDate: '2026-10-31', differs: false });
    const paid = await d.server.call('POST', '/api/payables/payments', token, { supplier: supplierId, amount: 400, method: 'Cheque', reference: '004512' });
    expect(paid.status).toBe(201);
    const cash = await d.server.call('POST', '/api/payables/payments', token, { supplier: supplierId, amount: 100, method: 'Cash' });
    expect(cash.status).toBe(400);
    const aging = await d.server.call('GET', '/api/payables?today=2026-12-07', token);
    expect(aging.json.suppliers).toEqual([
      {
        supplierId,
        supplierName: 'Lanka Auto Parts',
        openBills: 1,
        owed: 600,
        credit: 0,
        aging: { '0–30 days': 0, '31–60 days': 0, '61–90 days': 600, 'Over 90 days': 0 },
        nextDue: '2026-10-31',
      },
    ]);
    const staff = (await d.server.userWithRole('Staff')).token;
    expect((await d.server.call('GET', '/api/payables', staff)).status).toBe(403);
  });
});
