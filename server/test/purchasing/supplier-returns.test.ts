import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type TestServer } from '../helpers';
import { itemBody } from '../../../tests/factories';
import { supplierReturnMessages } from '@shared/schemas/supplier-return';
import { purchaseMessages } from '@shared/schemas/purchase-order';

// Issue 44, point 7: parts of a delivery sent back to the supplier at the cost they came at, out of
// stock by 'returnedToSupplier' movements, the delivery line's returned quantity and the item's average
// cost following; a fact (more than was left is raised, not refused); bad input refused, nothing written.
let server: TestServer;
let admin: string;
let manager: string;
let staff: string;
let supplierId: string;
let category: string;

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  manager = (await server.userWithRole('Manager')).token;
  staff = (await server.userWithRole('Staff')).token;
  category = (await postOk(server, admin, '/api/categories', { name: 'Parts', description: '' })).category._id;
  supplierId = (await postOk(server, admin, '/api/suppliers', { name: 'Lanka Auto Parts' })).supplier.id;
});
afterAll(() => server.close());

const stockOf = async (itemId: string) => ((await server.db.$client.prepare('SELECT stockHundredths AS s FROM items WHERE id = ?').get(itemId)) as { s: number }).s;
const costOf = async (itemId: string) => ((await server.db.$client.prepare('SELECT costPriceCents AS c FROM items WHERE id = ?').get(itemId)) as { c: number }).c;
const returnedOf = async (lineId: string) =>
  ((await server.db.$client.prepare('SELECT returnedHundredths AS r FROM goods_receipt_lines WHERE id = ?').get(lineId)) as { r: number }).r;
const sumOfMovements = async (itemId: string) =>
  ((await server.db.$client.prepare('SELECT SUM(quantityHundredths) AS s FROM stock_movements WHERE itemId = ?').get(itemId)) as { s: number }).s;

/** An item with 2 on hand at Rs. 100, an order of 10 at Rs. 90 placed and all 10 received: 12 at Rs. 91.67. */
async function received(name: string) {
  const itemId = (await postOk(server, admin, '/api/items', itemBody(category, { itemName: name, stockQuantity: 2, costPrice: 100 }))).item.id as string;
  const made = await postOk(server, admin, '/api/purchase-orders', { supplier: supplierId, lines: [{ item: itemId, quantity: 10, unitCost: 90 }] });
  const orderId = made.order._id as string;
  await postOk(server, admin, `/api/purchase-orders/${orderId}/order`, {});
  const orderLine = (await server.call('GET', `/api/purchase-orders/${orderId}`, admin)).json.lines[0]._id as string;
  const receiptId = (await postOk(server, staff, `/api/purchase-orders/${orderId}/receipts`, { lines: [{ item: itemId, orderLine, quantity: 10 }] })).receipt._id as string;
  const lineId = ((await server.db.$client.prepare('SELECT id FROM goods_receipt_lines WHERE receiptId = ?').get(receiptId)) as { id: string }).id;
  return { itemId, orderId, receiptId, lineId };
}

const returnArgs = (receiptId: string, lineId: string, itemId: string, quantity: number | string, note = 'Wrong size') => ({
  id: randomUUID(),
  receiptId,
  note,
  lines: [{ id: randomUUID(), receiptLineId: lineId, itemId, quantity }],
});

describe('a return to the supplier', () => {
  it("from a Manager's device: stock out at the cost it came at, the credit, the delivery line and the average cost follow", async () => {
    const { itemId, orderId, receiptId, lineId } = await received('Oil Filter');
    expect([await stockOf(itemId), await costOf(itemId)]).toEqual([1200, 91_67]);
    const answer = await devicePusher(server, manager, randomUUID())('returnToSupplier', returnArgs(receiptId, lineId, itemId, 2));
    expect(answer.status).toBe('applied');
    expect(await stockOf(itemId)).toBe(1000);
    expect(await returnedOf(lineId)).toBe(200);
    // (12 × 91.67 − 2 × 90) ÷ 10 = Rs. 92.00.
    expect(await costOf(itemId)).toBe(92_00);
    expect(await countRows(server.db, 'stock_movements', `itemId = '${itemId}' AND reason = 'returnedToSupplier' AND quantityHundredths = -200`)).toBe(1);
    expect(await sumOfMovements(itemId)).toBe(await stockOf(itemId));
    const order = (await server.call('GET', `/api/purchase-orders/${orderId}`, admin)).json;
    expect(order.returns).toEqual([expect.objectContaining({ receiptId, credit: 180, reviewState: '', note: 'Wrong size' })]);
    const lines = await server.db.$client.prepare('SELECT quantityHundredths AS q, unitCostCents AS cost FROM supplier_return_lines WHERE receiptLineId = ?').all(lineId);
    expect(lines).toEqual([{ q: 200, cost: 90_00 }]);
    // Staff read no returns: they are costs.
    expect((await server.call('GET', `/api/purchase-orders/${orderId}`, staff)).json).not.toHaveProperty('returns');
  });

  it('over REST: 201 with the credit; the line may name its delivery line alone', async () => {
    const { itemId, receiptId, lineId } = await received('Air Filter');
    const { status, json } = await server.call('POST', `/api/purchase-orders/receipts/${receiptId}/returns`, manager, { note: '', lines: [{ receiptLine: lineId, quantity: 3 }] });
    expect(status).toBe(201);
    expect(json).toMatchObject({ success: true, message: supplierReturnMessages.recorded(1), return: { credit: 270, reviewState: '' } });
    expect(await stockOf(itemId)).toBe(900);
  });

  it('pushed twice by the same device is applied once', async () => {
    const { itemId, receiptId, lineId } = await received('Spark Plug');
    const clientId = randomUUID();
    const entry = { id: randomUUID(), clientId, seq: 1, name: 'returnToSupplier', args: returnArgs(receiptId, lineId, itemId, 4), createdAt: new Date().toISOString() };
    await server.call('POST', '/api/sync/push', manager, { clientId, mutations: [entry] });
    await server.call('POST', '/api/sync/push', manager, { clientId, mutations: [entry] });
    expect(await stockOf(itemId)).toBe(800);
    expect(await returnedOf(lineId)).toBe(400);
    expect(await countRows(server.db, 'supplier_returns', `receiptId = '${receiptId}'`)).toBe(1);
  });

  it('more than the delivery line has left (two devices sent the same parts back): recorded and raised, never refused', async () => {
    const { itemId, receiptId, lineId } = await received('Brake Pads');
    const first = await devicePusher(server, manager, randomUUID())('returnToSupplier', returnArgs(receiptId, lineId, itemId, 7));
    const second = await devicePusher(server, admin, randomUUID())('returnToSupplier', returnArgs(receiptId, lineId, itemId, 7));
    expect([first.status, second.status]).toEqual(['applied', 'applied']);
    expect(await returnedOf(lineId)).toBe(1400);
    expect(await stockOf(itemId)).toBe(-200);
    expect(await sumOfMovements(itemId)).toBe(-200);
    const rows = (await server.db.$client
      .prepare('SELECT id, reviewState AS state, reviewReason AS reason, totalCents AS total FROM supplier_returns WHERE receiptId = ? ORDER BY createdAt, version')
      .all(receiptId)) as {
      id: string;
      state: string;
      reason: string;
      total: number;
    }[];
    expect(rows.map((row) => [row.state, row.reason, row.total])).toEqual([
      ['', '', 630_00],
      ['open', 'Brake Pads: 4 more than was left of the delivery to send back.', 630_00],
    ]);
    const reviewed = await devicePusher(server, manager, randomUUID())('markSupplierReturnReviewed', { id: rows[1]!.id });
    expect(reviewed.status).toBe('applied');
    expect(await countRows(server.db, 'supplier_returns', `id = '${rows[1]!.id}' AND reviewState = 'reviewed'`)).toBe(1);
  });

  it.each([
    ['a quantity of 0', (r: Received) => ({ lines: [{ receiptLine: r.lineId, quantity: 0 }] }), purchaseMessages.quantity],
    ['three decimals', (r: Received) => ({ lines: [{ receiptLine: r.lineId, quantity: 1.005 }] }), purchaseMessages.quantity],
    ['a negative quantity', (r: Received) => ({ lines: [{ receiptLine: r.lineId, quantity: -2 }] }), purchaseMessages.quantity],
    ['no lines', () => ({ lines: [] }), supplierReturnMessages.noLines],
    ['a line of another delivery', (_r: Received, other: Received) => ({ lines: [{ receiptLine: other.lineId, quantity: 1 }] }), supplierReturnMessages.lineNotOnReceipt],
    [
      'a line with another item',
      (r: Received, other: Received) => ({ lines: [{ receiptLine: r.lineId, item: other.itemId, quantity: 1 }] }),
      supplierReturnMessages.lineNotOnReceipt,
    ],
  ])('refuses %s with 400, writing nothing', async (_case, body, message) => {
    const r = await received(`Bad ${_case}`);
    const other = await received(`Other ${_case}`);
    const before = [await countRows(server.db, 'supplier_returns'), await countRows(server.db, 'stock_movements')];
    const { status, json } = await server.call('POST', `/api/purchase-orders/receipts/${r.receiptId}/returns`, manager, body(r, other));
    expect([status, json.success, json.message]).toEqual([400, false, message]);
    expect([await countRows(server.db, 'supplier_returns'), await countRows(server.db, 'stock_movements')]).toEqual(before);
    expect([await stockOf(r.itemId), await returnedOf(r.lineId)]).toEqual([1200, 0]);
  });

  it('from a device, a line not on the delivery is refused (400) and nothing written', async () => {
    const r = await received('Fan Belt');
    const other = await received('Fan Belt 2');
    const answer = await devicePusher(server, manager, randomUUID())('returnToSupplier', returnArgs(r.receiptId, other.lineId, other.itemId, 1));
    expect(answer).toMatchObject({ status: 'rejected', httpStatus: 400, message: supplierReturnMessages.lineNotOnReceipt });
    expect(await countRows(server.db, 'supplier_returns', `receiptId = '${r.receiptId}'`)).toBe(0);
    expect(await stockOf(other.itemId)).toBe(1200);
  });

  it('for a delivery the server does not hold yet waits on the device (425), and is a 404 over REST', async () => {
    const { itemId } = await received('Wiper');
    const receiptId = randomUUID();
    const lineId = randomUUID();
    const waiting = await devicePusher(server, manager, randomUUID())('returnToSupplier', returnArgs(receiptId, lineId, itemId, 1));
    expect(waiting).toMatchObject({ status: 'rejected', httpStatus: 425, message: supplierReturnMessages.notYetReceipt });
    expect(await countRows(server.db, 'applied_mutations', "name = 'returnToSupplier' AND httpStatus = 425")).toBe(0);
    const rest = await server.call('POST', `/api/purchase-orders/receipts/${receiptId}/returns`, manager, { lines: [{ receiptLine: lineId, item: itemId, quantity: 1 }] });
    expect(rest.status).toBe(404);
  });

  it("is not Staff's: 403 from a device and over REST, nothing written", async () => {
    const { itemId, receiptId, lineId } = await received('Head Bulb');
    const answer = await devicePusher(server, staff, randomUUID())('returnToSupplier', returnArgs(receiptId, lineId, itemId, 1));
    expect(answer).toMatchObject({ status: 'rejected', httpStatus: 403 });
    const rest = await server.call('POST', `/api/purchase-orders/receipts/${receiptId}/returns`, staff, { lines: [{ receiptLine: lineId, quantity: 1 }] });
    expect(rest.status).toBe(403);
    expect([await stockOf(itemId), await returnedOf(lineId), await countRows(server.db, 'supplier_returns', `receiptId = '${receiptId}'`)]).toEqual([1200, 0, 0]);
  });
});

type Received = Awaited<ReturnType<typeof received>>;
