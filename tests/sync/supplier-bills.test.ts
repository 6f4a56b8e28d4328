// A supplier's bill on the tablet that counted its delivery (issue 44, point 6). The delivery comes
// with its bill: Staff count it in on the back-door tablet, offline, and the Manager, at the same
// tablet, enters the bill against those lines before Staff's delivery has reached the server. The bill
// must wait for the delivery it bills (as any entry waits for another author's entry it depends on),
// not reach the server first and be refused as billing parts that were never received.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Random, freshServerEachTest } from './harness';
import { nextPurchaseOrderNo } from '@/sync/invoice-numbers';

const bed = freshServerEachTest(new Random(44_0601));

describe('a bill entered on the tablet that counted its delivery, before the delivery was sent', () => {
  it('waits for the delivery, then stands: no refusal, the bill and the delivery on the server', async () => {
    const manager = await bed.server.addUser('Nimal Office', 'Manager');
    const staff = await bed.server.addUser('Kasun Back Door', 'Staff');
    const office = await bed.register('office');
    office.logIn(manager);
    const supplierId = (await office.run('createSupplier', { id: randomUUID(), name: 'Lanka Auto Parts' })).args.id as string;
    const category = (await office.run('createCategory', { id: randomUUID(), name: 'Filters' })).args.id as string;
    const itemId = randomUUID();
    await office.run('createItem', {
      id: itemId,
      itemName: 'Oil filter',
      barcode: 'OF-4401',
      category,
      unitPrice: '1500',
      costPrice: '100',
      stockQuantity: '2',
      reorderLevel: '2',
      description: '',
    });
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
    await office.syncClean();

    const tablet = await bed.register('back-door');
    tablet.logIn(staff);
    await tablet.syncClean();
    tablet.net.offline = true;
    const receiptLineId = randomUUID();
    await tablet.run('receiveGoods', { id: randomUUID(), orderId, note: '', lines: [{ id: receiptLineId, itemId, orderLineId, quantity: 10 }] });

    // The Manager, at the same tablet, enters the bill that came in the box; then it is online again.
    tablet.logIn(manager);
    const billId = randomUUID();
    await tablet.run('enterSupplierBill', {
      id: billId,
      supplierId,
      billNo: 'LAP-7781',
      billDate: '2026-12-01',
      dueDate: '2026-12-31',
      note: '',
      lines: [{ id: randomUUID(), receiptLineId, quantity: 10, unitCost: 90 }],
    });
    tablet.net.offline = false;
    await tablet.trySync();
    expect(await tablet.db.problems.toArray(), 'the bill is not refused').toEqual([]);

    // Staff sends the delivery; then the Manager's bill goes.
    tablet.logIn(staff);
    expect(await tablet.trySync()).toBeNull();
    expect(await tablet.outboxSize(), "only the Manager's bill is left").toBe(1);
    tablet.logIn(manager);
    await tablet.syncClean();
    expect(await tablet.db.problems.toArray()).toEqual([]);
    const server = await bed.server.mirror();
    expect(server.goodsReceiptLines.map((row) => row.id)).toEqual([receiptLineId]);
    expect(server.supplierBills.find((row) => row.id === billId)).toMatchObject({ billNo: 'LAP-7781', totalCents: 900_00 });
    expect(server.supplierBillLines.filter((row) => row.billId === billId)).toMatchObject([{ receiptLineId, quantityHundredths: 1000 }]);
  });
});
