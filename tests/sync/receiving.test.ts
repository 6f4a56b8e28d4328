// Receiving (issue 44, point 3): a delivery is a fact, recorded offline on the tablet. Two tablets
// receiving the same order offline both stand: the server adds each to what the order line has
// received, moves stock once a line, raises the one that went beyond what was still to come, and
// averages the cost in the order the deliveries arrive.
import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, type Device, type TestSession } from './harness';
import { nextPurchaseOrderNo } from '@/sync/invoice-numbers';
import type { PurchaseOrderLineRow, PurchaseOrderRow } from '@shared/schemas/purchase-order';
import type { GoodsReceiptRow } from '@shared/schemas/receipt';

const bed = freshServerEachTest(new Random(44_2026));
let staffA: TestSession;
let staffB: TestSession;

beforeEach(async () => {
  staffA = await bed.server.addUser('Kasun Back Door', 'Staff');
  staffB = await bed.server.addUser('Dilani Counter', 'Staff');
});

/** The office's Admin: a supplier, an item (2 on hand at Rs. 100) and an order of 10 at Rs. 90, placed. */
async function placedOrder(office: Device) {
  const supplierId = (await office.run('createSupplier', { id: randomUUID(), name: 'Lanka Auto Parts' })).args.id as string;
  const category = (await office.run('createCategory', { id: randomUUID(), name: 'Filters' })).args.id as string;
  const itemId = (
    await office.run('createItem', {
      id: randomUUID(),
      itemName: 'Oil filter',
      barcode: 'OF-4401',
      category,
      unitPrice: '1500',
      costPrice: '100',
      stockQuantity: '2',
      reorderLevel: '2',
      description: '',
    })
  ).args.id as string;
  const orderId = randomUUID();
  const lineId = randomUUID();
  await office.run('createPurchaseOrder', {
    id: orderId,
    orderNo: await nextPurchaseOrderNo(office.db),
    supplierId,
    note: '',
    lines: [{ id: lineId, itemId, quantity: 10, unitCost: 90 }],
  });
  await office.run('placePurchaseOrder', { id: orderId });
  await office.syncClean();
  return { orderId, lineId, itemId };
}

const receive = (d: Device, orderId: string, lineId: string, itemId: string, quantity: number) =>
  d.run('receiveGoods', { id: randomUUID(), orderId, note: '', lines: [{ id: randomUUID(), itemId, orderLineId: lineId, quantity }] });

describe('two tablets receiving the same order offline', () => {
  it('both stand: 6 and 6 of 10 received, stock +12, the later one raised as 2 over, the cost averaged', async () => {
    const office = await bed.register('office');
    const { orderId, lineId, itemId } = await placedOrder(office);
    const back = await bed.register('back-door');
    const counter = await bed.register('counter');
    back.logIn(staffA);
    counter.logIn(staffB);
    await back.syncClean();
    await counter.syncClean();

    back.net.offline = true;
    counter.net.offline = true;
    await receive(back, orderId, lineId, itemId, 6);
    await receive(counter, orderId, lineId, itemId, 6);
    // Each tablet sees its own delivery at once, offline: 4 still to come, stock 8, no cost on a Staff device.
    for (const d of [back, counter]) {
      expect(((await d.db.purchaseOrderLines.get(lineId)) as PurchaseOrderLineRow).receivedHundredths).toBe(600);
      expect(((await d.db.purchaseOrders.get(orderId)) as PurchaseOrderRow).status).toBe('Partly Received');
      const item = await d.db.items.get(itemId);
      expect(item?.stockHundredths).toBe(800);
      expect(item?.costPriceCents).toBeUndefined();
    }

    back.net.offline = false;
    counter.net.offline = false;
    await back.syncClean();
    await counter.syncClean();
    await back.syncClean();
    for (const d of [back, counter]) expect(await d.db.problems.toArray()).toEqual([]);

    const server = await bed.server.mirror();
    expect(server.purchaseOrderLines.find((row) => row.id === lineId)).toMatchObject({ receivedHundredths: 1200, cancelledHundredths: 0 });
    expect(server.purchaseOrders.find((row) => row.id === orderId)).toMatchObject({ status: 'Received' });
    expect(server.stockMovements.filter((row) => row.itemId === itemId && row.reason === 'received').map((row) => row.quantityHundredths)).toEqual([600, 600]);
    const receipts = (server.goodsReceipts as unknown as GoodsReceiptRow[]).filter((row) => row.orderId === orderId);
    expect(receipts.map((row) => [row.userName, row.reviewState]).sort()).toEqual([
      ['Dilani Counter', 'open'],
      ['Kasun Back Door', ''],
    ]);
    expect(receipts.find((row) => row.reviewState === 'open')?.reviewReason).toBe('Oil filter: 2 more than was still to come.');
    // 2 at Rs. 100, then 6 at Rs. 90 → Rs. 92.50, then 6 more at Rs. 90 → (8 × 92.50 + 6 × 90) ÷ 14 = Rs. 91.43.
    expect(server.items.find((row) => row.id === itemId)).toMatchObject({ stockHundredths: 1400, costPriceCents: 91_43, lastCostCents: 90_00 });

    // Every device ends with the server's rows: the tablets without costs, the office with them.
    await office.syncClean();
    for (const d of [back, counter, office]) {
      expect(((await d.db.purchaseOrderLines.get(lineId)) as PurchaseOrderLineRow).receivedHundredths).toBe(1200);
      expect((await d.db.items.get(itemId))?.stockHundredths).toBe(1400);
      expect(await d.db.goodsReceipts.where('orderId').equals(orderId).count()).toBe(2);
    }
    expect((await office.db.items.get(itemId))?.costPriceCents).toBe(91_43);
    expect(await counter.db.goodsReceipts.where('reviewState').equals('open').count()).toBe(1);
  });

  it('a Manager receiving offline sees the averaged cost at once, and the server sets the same', async () => {
    const office = await bed.register('office');
    const { orderId, lineId, itemId } = await placedOrder(office);
    office.net.offline = true;
    await receive(office, orderId, lineId, itemId, 6);
    // 2 at Rs. 100 and 6 at Rs. 90: Rs. 92.50, worked out on the device from the same rule.
    expect(await office.db.items.get(itemId)).toMatchObject({ stockHundredths: 800, costPriceCents: 92_50, lastCostCents: 90_00 });
    office.net.offline = false;
    await office.syncClean();
    expect((await bed.server.mirror()).items.find((row) => row.id === itemId)).toMatchObject({ stockHundredths: 800, costPriceCents: 92_50, lastCostCents: 90_00 });
    expect(await office.mirror()).toEqual(await bed.server.mirror());
  });
});
