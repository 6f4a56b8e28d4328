import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { countRows, devicePusher, makeTestServer, postOk, type TestServer } from '../helpers';
import { itemBody } from '../../../tests/factories';
import { purchaseMessages } from '@shared/schemas/purchase-order';

// Issue 44, point 2: purchase orders over REST and from a device; bad input writes nothing.
let server: TestServer;
let admin: string;
let staff: string;
let supplierId: string;
let filter: string;
let pads: string;

beforeAll(async () => {
  server = await makeTestServer();
  admin = (await server.userWithRole('Admin')).token;
  staff = (await server.userWithRole('Staff')).token;
  const category = (await postOk(server, admin, '/api/categories', { name: 'Filters', description: '' })).category._id;
  supplierId = (await postOk(server, admin, '/api/suppliers', { name: 'Lanka Auto Parts' })).supplier.id;
  filter = (await postOk(server, admin, '/api/items', itemBody(category, { itemName: 'Oil Filter', supplier: supplierId, supplierPartNo: 'LAP-OF-1' }))).item.id;
  pads = (await postOk(server, admin, '/api/items', itemBody(category, { itemName: 'Brake Pads' }))).item.id;
});
afterAll(() => server.close());

const order = (lines: unknown[], overrides: Record<string, unknown> = {}) => ({ supplier: supplierId, note: 'Urgent', lines, ...overrides });

describe('POST /api/purchase-orders', () => {
  it('makes a draft numbered in the server’s series, each line keeping its item and the supplier’s part number', async () => {
    const { status, json } = await server.call(
      'POST',
      '/api/purchase-orders',
      admin,
      order([
        { item: filter, quantity: 10, unitCost: 850.5 },
        { item: pads, quantity: 2.5, unitCost: 1200 },
      ]),
    );
    expect(status).toBe(201);
    expect(json.order).toMatchObject({ orderNo: 'PO-SRV-00001', status: 'Draft', supplierName: 'Lanka Auto Parts', total: 11505 });
    const read = await server.call('GET', `/api/purchase-orders/${json.order._id}`, admin);
    expect(read.json.lines).toMatchObject([
      { itemName: 'Oil Filter', supplierPartNo: 'LAP-OF-1', quantity: 10, unitCost: 850.5, stillToCome: 10 },
      { itemName: 'Brake Pads', quantity: 2.5, unitCost: 1200, stillToCome: 2.5 },
    ]);
  });

  // Bodies made when the test runs: the supplier and items exist only after beforeAll.
  it.each([
    ['a quantity of 0', () => order([{ item: filter, quantity: 0, unitCost: 10 }]), purchaseMessages.quantity],
    ['a quantity with three decimals', () => order([{ item: filter, quantity: 1.234, unitCost: 10 }]), purchaseMessages.quantity],
    ['a negative quantity', () => order([{ item: filter, quantity: -1, unitCost: 10 }]), purchaseMessages.quantity],
    ['a negative cost', () => order([{ item: filter, quantity: 1, unitCost: -5 }]), purchaseMessages.unitCost],
    ['no lines', () => order([]), purchaseMessages.noLines],
    [
      'an item twice',
      () =>
        order([
          { item: filter, quantity: 1, unitCost: 1 },
          { item: filter, quantity: 2, unitCost: 1 },
        ]),
      purchaseMessages.duplicateItem,
    ],
    ['an unknown item', () => order([{ item: randomUUID(), quantity: 1, unitCost: 1 }]), purchaseMessages.itemGone],
    ['an unknown supplier', () => order([{ item: filter, quantity: 1, unitCost: 1 }], { supplier: randomUUID() }), purchaseMessages.supplierGone],
    ['no supplier', () => order([{ item: filter, quantity: 1, unitCost: 1 }], { supplier: '' }), purchaseMessages.supplier],
  ])('refuses %s with its message, writing nothing', async (_name, body, message) => {
    const before = await countRows(server.db, 'purchase_orders');
    const { status, json } = await server.call('POST', '/api/purchase-orders', admin, body());
    expect(status).toBe(400);
    expect(json.message).toBe(message);
    expect(await countRows(server.db, 'purchase_orders')).toBe(before);
  });

  it('refuses an order for a supplier deleted meanwhile', async () => {
    const gone = (await postOk(server, admin, '/api/suppliers', { name: 'Closed Down Ltd' })).supplier.id;
    await server.call('DELETE', `/api/suppliers/${gone}`, admin);
    const { status, json } = await server.call('POST', '/api/purchase-orders', admin, order([{ item: filter, quantity: 1, unitCost: 1 }], { supplier: gone }));
    expect([status, json.message]).toEqual([400, purchaseMessages.supplierGone]);
  });

  it('is for Managers and Admins: Staff are refused', async () => {
    const { status } = await server.call('POST', '/api/purchase-orders', staff, order([{ item: filter, quantity: 1, unitCost: 1 }]));
    expect(status).toBe(403);
  });
});

describe('an order’s life', () => {
  it('Draft → Ordered; a line cancelled alone; Staff read it without costs', async () => {
    const made = await postOk(
      server,
      admin,
      '/api/purchase-orders',
      order([
        { item: filter, quantity: 4, unitCost: 100 },
        { item: pads, quantity: 2, unitCost: 50 },
      ]),
    );
    const id = made.order._id;
    const changed = await server.call('PUT', `/api/purchase-orders/${id}`, admin, { note: 'Call before delivery' });
    expect(changed.json.order).toMatchObject({ note: 'Call before delivery', status: 'Draft' });
    const placed = await server.call('POST', `/api/purchase-orders/${id}/order`, admin);
    expect(placed.json.order.status).toBe('Ordered');
    expect(typeof placed.json.order.orderedAt).toBe('string');
    const refused = await server.call('PUT', `/api/purchase-orders/${id}`, admin, { note: 'Too late' });
    expect([refused.status, refused.json.message]).toEqual([400, purchaseMessages.onlyDraft]);
    const { json: read } = await server.call('GET', `/api/purchase-orders/${id}`, admin);
    const padsLine = read.lines.find((line: { itemId: string }) => line.itemId === pads);
    const cancelled = await server.call('POST', `/api/purchase-orders/${id}/cancel`, admin, { lineId: padsLine._id });
    expect(cancelled.json.order).toMatchObject({ status: 'Ordered', total: 400 });
    const asStaff = await server.call('GET', `/api/purchase-orders/${id}`, staff);
    expect(asStaff.json.order).not.toHaveProperty('total');
    expect(asStaff.json.lines[0]).not.toHaveProperty('unitCost');
    expect(asStaff.json.lines[1]).toMatchObject({ cancelled: 2, stillToCome: 0 });
    const whole = await server.call('POST', `/api/purchase-orders/${id}/cancel`, admin);
    expect(whole.json.order).toMatchObject({ status: 'Cancelled', total: 0 });
  });
});

describe('from a device', () => {
  it('keeps its own number; another register’s number is refused', async () => {
    const clientId = randomUUID();
    const { json } = await server.call('POST', '/api/sync/device', admin, { clientId });
    const push = devicePusher(server, admin, clientId);
    const lines = [{ id: randomUUID(), itemId: filter, quantity: 3, unitCost: 90 }];
    const own = await push('createPurchaseOrder', { id: randomUUID(), orderNo: `PO-${json.code}-00001`, supplierId, note: '', lines });
    expect(own.status).toBe('applied');
    const other = await push('createPurchaseOrder', { id: randomUUID(), orderNo: 'PO-DZZZZ-00001', supplierId, note: '', lines: [{ ...lines[0], id: randomUUID() }] });
    expect(other).toMatchObject({ status: 'rejected', httpStatus: 400, message: purchaseMessages.orderNo });
  });
});
