// Returns to a supplier (issue 44, point 7): a fact, recorded offline on a Manager's device. Two
// devices sending the same parts of a delivery back offline both stand: the server adds each to the
// delivery line's returned quantity, moves stock out once a line, raises the one that went beyond what
// was left, and every device ends with the stock the movements sum to.
import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest, type Device, type TestSession } from './harness';
import { nextPurchaseOrderNo } from '@/sync/invoice-numbers';
import type { GoodsReceiptLineRow } from '@shared/schemas/receipt';
import type { SupplierReturnRow } from '@shared/schemas/supplier-return';

const bed = freshServerEachTest(new Random(44_7_2026));
let managerA: TestSession;
let managerB: TestSession;

beforeEach(async () => {
  managerA = await bed.server.addUser('Nimal Workshop', 'Manager');
  managerB = await bed.server.addUser('Sunil Office', 'Manager');
});

/** The office's Admin: an item (2 on hand at Rs. 100), an order of 10 at Rs. 90, placed and all received. */
async function receivedDelivery(office: Device) {
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
  const orderLineId = randomUUID();
  await office.run('createPurchaseOrder', {
    id: orderId,
    orderNo: await nextPurchaseOrderNo(office.db),
    supplierId,
    note: '',
    lines: [{ id: orderLineId, itemId, quantity: 10, unitCost: 90 }],
  });
  await office.run('placePurchaseOrder', { id: orderId });
  const receiptId = randomUUID();
  const receiptLineId = randomUUID();
  await office.run('receiveGoods', { id: receiptId, orderId, note: '', lines: [{ id: receiptLineId, itemId, orderLineId, quantity: 10 }] });
  await office.syncClean();
  return { itemId, receiptId, receiptLineId };
}

const sendBack = (d: Device, receiptId: string, receiptLineId: string, itemId: string, quantity: number) =>
  d.run('returnToSupplier', { id: randomUUID(), receiptId, note: 'Wrong size', lines: [{ id: randomUUID(), receiptLineId, itemId, quantity }] });

describe('two devices returning the same parts offline', () => {
  it('both stand: 6 and 6 of 10 go back, stock −12, the later one raised as 2 over, stock = Σ movements', async () => {
    const office = await bed.register('office');
    const { itemId, receiptId, receiptLineId } = await receivedDelivery(office);
    // 2 at Rs. 100 and 10 at Rs. 90: Rs. 91.67 each.
    expect((await bed.server.mirror()).items.find((row) => row.id === itemId)).toMatchObject({ stockHundredths: 1200, costPriceCents: 91_67 });
    const workshop = await bed.register('workshop');
    const desk = await bed.register('desk');
    workshop.logIn(managerA);
    desk.logIn(managerB);
    await workshop.syncClean();
    await desk.syncClean();

    workshop.net.offline = true;
    desk.net.offline = true;
    await sendBack(workshop, receiptId, receiptLineId, itemId, 6);
    await sendBack(desk, receiptId, receiptLineId, itemId, 6);
    // Each device sees its own return at once, offline: 4 left to send back, stock 6, the cost without
    // the 6 at Rs. 90: (12 × 91.67 − 6 × 90) ÷ 6 = Rs. 93.34.
    for (const d of [workshop, desk]) {
      expect(((await d.db.goodsReceiptLines.get(receiptLineId)) as GoodsReceiptLineRow).returnedHundredths).toBe(600);
      expect(await d.db.items.get(itemId)).toMatchObject({ stockHundredths: 600, costPriceCents: 93_34 });
      expect((await d.db.supplierReturns.where('receiptId').equals(receiptId).toArray()).map((row) => (row as SupplierReturnRow).totalCents)).toEqual([540_00]);
    }
    // A third try on one device, beyond the 4 it sees left, is refused on the device and writes nothing.
    await expect(sendBack(workshop, receiptId, receiptLineId, itemId, 5)).rejects.toThrow('Only 4 of Oil filter came in this delivery and has not been sent back.');
    expect(await workshop.db.supplierReturns.count()).toBe(1);

    workshop.net.offline = false;
    desk.net.offline = false;
    await workshop.syncClean();
    await desk.syncClean();
    await workshop.syncClean();
    for (const d of [workshop, desk]) expect(await d.db.problems.toArray()).toEqual([]);

    const server = await bed.server.mirror();
    expect(server.goodsReceiptLines.find((row) => row.id === receiptLineId)).toMatchObject({ returnedHundredths: 1200 });
    const movements = server.stockMovements.filter((row) => row.itemId === itemId);
    expect(movements.filter((row) => row.reason === 'returnedToSupplier').map((row) => row.quantityHundredths)).toEqual([-600, -600]);
    const stock = server.items.find((row) => row.id === itemId)!.stockHundredths;
    expect(stock).toBe(0);
    expect(movements.reduce((sum, row) => sum + Number(row.quantityHundredths), 0)).toBe(stock);
    const returns = (server.supplierReturns as unknown as SupplierReturnRow[]).filter((row) => row.receiptId === receiptId);
    expect(returns.map((row) => [row.userName, row.reviewState, row.totalCents]).sort()).toEqual([
      ['Nimal Workshop', '', 540_00],
      ['Sunil Office', 'open', 540_00],
    ]);
    expect(returns.find((row) => row.reviewState === 'open')?.reviewReason).toBe('Oil filter: 2 more than was left of the delivery to send back.');

    // Every device ends with the server's rows.
    await office.syncClean();
    for (const d of [workshop, desk, office]) {
      expect(((await d.db.goodsReceiptLines.get(receiptLineId)) as GoodsReceiptLineRow).returnedHundredths).toBe(1200);
      expect((await d.db.items.get(itemId))?.stockHundredths).toBe(0);
      expect(await d.db.supplierReturns.where('receiptId').equals(receiptId).count()).toBe(2);
      expect(await d.mirror()).toEqual(await bed.server.mirror());
    }
  });
});
