import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type TestServer } from '../helpers';
import { itemBody, saleBody, saleLine } from '../../../tests/factories';
import { receiptMessages } from '@shared/schemas/receipt';
import { purchaseMessages } from '@shared/schemas/purchase-order';

// Issue 44, point 3: receiving is a fact; quantities accumulate; over-receipts and parts not on the
// order are recorded and reviewed; stock moves by 'received' movements.
let server: TestServer;
let admin: string;
let staff: string;
let supplierId: string;
let category: string;

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  staff = (await server.userWithRole('Staff')).token;
  category = (await postOk(server, admin, '/api/categories', { name: 'Parts', description: '' })).category._id;
  supplierId = (await postOk(server, admin, '/api/suppliers', { name: 'Lanka Auto Parts' })).supplier.id;
});
afterAll(() => server.close());

const newItem = async (name: string, stock = 0) =>
  (await postOk(server, admin, '/api/items', itemBody(category, { itemName: name, stockQuantity: stock, costPrice: 100 }))).item.id as string;

async function placedOrder(lines: { item: string; quantity: number; unitCost: number }[]) {
  const made = await postOk(server, admin, '/api/purchase-orders', { supplier: supplierId, lines });
  await postOk(server, admin, `/api/purchase-orders/${made.order._id}/order`, {});
  const read = await server.call('GET', `/api/purchase-orders/${made.order._id}`, admin);
  return { id: made.order._id as string, lines: read.json.lines as { _id: string; itemId: string }[] };
}

const stockOf = async (itemId: string) => ((await server.db.$client.prepare('SELECT stockHundredths AS s FROM items WHERE id = ?').get(itemId)) as { s: number }).s;
const costsOf = async (itemId: string) =>
  (await server.db.$client.prepare('SELECT costPriceCents AS cost, lastCostCents AS last FROM items WHERE id = ?').get(itemId)) as { cost: number; last: number };

describe('a delivery', () => {
  it('received in parts by Staff: quantities accumulate, stock moves, the order follows', async () => {
    const filter = await newItem('Oil Filter', 2);
    const order = await placedOrder([{ item: filter, quantity: 10, unitCost: 90 }]);
    const first = await server.call('POST', `/api/purchase-orders/${order.id}/receipts`, staff, { lines: [{ item: filter, orderLine: order.lines[0]!._id, quantity: 6 }] });
    expect(first.status).toBe(201);
    expect(first.json.receipt).not.toHaveProperty('total');
    expect(first.json.receipt.reviewState).toBe('');
    let read = await server.call('GET', `/api/purchase-orders/${order.id}`, admin);
    expect(read.json.order.status).toBe('Partly Received');
    expect(read.json.lines[0]).toMatchObject({ received: 6, stillToCome: 4 });
    await postOk(server, staff, `/api/purchase-orders/${order.id}/receipts`, { lines: [{ item: filter, orderLine: order.lines[0]!._id, quantity: 4 }] });
    read = await server.call('GET', `/api/purchase-orders/${order.id}`, admin);
    expect(read.json.order.status).toBe('Received');
    expect(read.json.receipts.map((receipt: { total: number }) => receipt.total)).toEqual([540, 360]);
    expect(await stockOf(filter)).toBe(1200);
    expect(await countRows(server.db, 'stock_movements', `itemId = '${filter}' AND reason = 'received'`)).toBe(2);
    // 2 on hand at Rs. 100, 6 at Rs. 90 → Rs. 92.50; then 4 more at Rs. 90 → (8 × 92.50 + 4 × 90) ÷ 12 = Rs. 91.67.
    expect(await costsOf(filter)).toEqual({ cost: 91_67, last: 90_00 });
  });

  it('a part not on the order moves stock but not the cost', async () => {
    const belt = await newItem('Fan Belt', 1);
    const hose = await newItem('Radiator Hose');
    const order = await placedOrder([{ item: hose, quantity: 1, unitCost: 400 }]);
    await postOk(server, staff, `/api/purchase-orders/${order.id}/receipts`, { lines: [{ item: belt, quantity: 3 }] });
    expect(await stockOf(belt)).toBe(400);
    expect(await costsOf(belt)).toEqual({ cost: 100_00, last: 0 });
  });

  it('more than ordered, and a part not on the order: recorded and raised for review', async () => {
    const pads = await newItem('Brake Pads');
    const bulb = await newItem('Head Bulb');
    const order = await placedOrder([{ item: pads, quantity: 2, unitCost: 1500 }]);
    const { json } = await server.call('POST', `/api/purchase-orders/${order.id}/receipts`, staff, {
      lines: [
        { item: pads, orderLine: order.lines[0]!._id, quantity: 3 },
        { item: bulb, quantity: 5 },
      ],
    });
    expect(json.receipt.reviewState).toBe('open');
    expect(json.receipt.reviewReason).toBe('Brake Pads: 1 more than was still to come. Head Bulb: 5 received, not on the order.');
    expect([await stockOf(pads), await stockOf(bulb)]).toEqual([300, 500]);
    const reviewed = await devicePusher(server, admin, randomUUID())('markReceiptReviewed', { id: json.receipt._id });
    expect(reviewed.status).toBe('applied');
    const asStaff = await devicePusher(server, staff, randomUUID())('markReceiptReviewed', { id: json.receipt._id });
    expect(asStaff).toMatchObject({ status: 'rejected', httpStatus: 403 });
  });

  it.each([
    ['a quantity of 0', 0, purchaseMessages.quantity],
    ['three decimals', 1.005, purchaseMessages.quantity],
    ['a negative quantity', -2, purchaseMessages.quantity],
  ])('refuses %s over the API, writing nothing', async (_name, quantity, message) => {
    const item = await newItem(`Bad ${quantity}`);
    const order = await placedOrder([{ item, quantity: 1, unitCost: 1 }]);
    const before = await countRows(server.db, 'goods_receipts');
    const { status, json } = await server.call('POST', `/api/purchase-orders/${order.id}/receipts`, staff, { lines: [{ item, orderLine: order.lines[0]!._id, quantity }] });
    expect([status, json.message]).toEqual([400, message]);
    expect(await countRows(server.db, 'goods_receipts')).toBe(before);
  });

  it('for an order the server does not hold yet waits on the device (425), and is a 404 over REST', async () => {
    const item = await newItem('Wiper');
    const clientId = randomUUID();
    const push = devicePusher(server, staff, clientId);
    const orderId = randomUUID();
    const waiting = await push('receiveGoods', { id: randomUUID(), orderId, note: '', lines: [{ id: randomUUID(), itemId: item, quantity: 1 }] });
    expect(waiting).toMatchObject({ status: 'rejected', httpStatus: 425, message: receiptMessages.notYetOrder });
    expect(await countRows(server.db, 'applied_mutations', "name = 'receiveGoods' AND httpStatus = 425")).toBe(0);
    const rest = await server.call('POST', `/api/purchase-orders/${orderId}/receipts`, staff, { lines: [{ item, quantity: 1 }] });
    expect(rest.status).toBe(404);
  });

  it('pushed twice by the same tablet is received once', async () => {
    const item = await newItem('Spark Plug');
    const order = await placedOrder([{ item, quantity: 4, unitCost: 300 }]);
    const clientId = randomUUID();
    const entry = {
      id: randomUUID(),
      clientId,
      seq: 1,
      name: 'receiveGoods',
      args: { id: randomUUID(), orderId: order.id, note: '', lines: [{ id: randomUUID(), itemId: item, orderLineId: order.lines[0]!._id, quantity: 4 }] },
      createdAt: new Date().toISOString(),
    };
    await server.call('POST', '/api/sync/push', staff, { clientId, mutations: [entry] });
    await server.call('POST', '/api/sync/push', staff, { clientId, mutations: [entry] });
    expect(await stockOf(item)).toBe(400);
  });
});

describe('a part sold, then a delivery (issue 44, point 4)', () => {
  it("keeps the cost at the sale on the invoice line; the receipt moves the item's cost, not the line's; Staff read neither", async () => {
    const pads = await newItem('Brake Pads', 4); // Rs. 100 each on hand
    const sold = await postOk(server, staff, '/api/sales/sales-invoices', saleBody(null, [saleLine('Brake Pads', 250, { itemId: pads, quantity: 2 })]));
    const invoiceId = (sold.invoice?._id ?? sold.invoice?.id ?? sold._id) as string;
    const lineCost = async () => (await server.db.$client.prepare('SELECT costCents AS cost FROM invoice_lines WHERE invoiceId = ?').all(invoiceId)) as { cost: number | null }[];
    expect(await lineCost()).toEqual([{ cost: 100_00 }]);
    const order = await placedOrder([{ item: pads, quantity: 6, unitCost: 140 }]);
    await postOk(server, staff, `/api/purchase-orders/${order.id}/receipts`, { lines: [{ item: pads, orderLine: order.lines[0]!._id, quantity: 6 }] });
    // 2 on hand at Rs. 100 and 6 at Rs. 140: Rs. 130 each now; the sale still cost Rs. 100 a part.
    expect((await costsOf(pads)).cost).toBe(130_00);
    expect(await lineCost()).toEqual([{ cost: 100_00 }]);
    // A Staff device's pull carries the line without its cost; a Manager's (here the Admin's) with it.
    const lineIn = async (token: string) => {
      const pulled = await server.call('GET', '/api/sync/pull?limit=5000&scope=1', token);
      return (pulled.json.changes as { table: string; id: string; row?: Record<string, unknown> }[]).find(
        (change) => change.table === 'invoiceLines' && change.row?.invoiceId === invoiceId,
      )?.row;
    };
    const staffLine = await lineIn(staff);
    expect(staffLine).toMatchObject({ invoiceId, quantityHundredths: 200 });
    expect(staffLine).not.toHaveProperty('costCents');
    expect(await lineIn(admin)).toMatchObject({ costCents: 100_00 });
  });
});
