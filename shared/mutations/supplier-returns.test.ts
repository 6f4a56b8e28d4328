import { describe, expect, it } from 'vitest';
import { lineNotOnReceipt, returnPlan, returnToSupplier, type ReturnedItem } from './supplier-returns';
import { returnToSupplierSchema, supplierReturnMessages } from '../schemas/supplier-return';
import type { GoodsReceiptLineRow } from '../schemas/receipt';
import { notYetReceived } from '../domain/device-time';

// Issue 44, point 7: a return to the supplier's plan, built once for both sides, case by case.
// Quantities in hundredths, costs in cents. The delivery: 10 filters at Rs. 90 (3 of them already
// sent back) and 4 pads at Rs. 1,500.45.
const receipt = { id: 'r1', orderId: 'o1', orderNo: 'PO-DA-00001', supplierId: 's1', supplierName: 'Lanka Auto Parts' };
const receiptLine = (id: string, itemId: string, itemName: string, quantityHundredths: number, unitCostCents: number | undefined, returnedHundredths = 0): GoodsReceiptLineRow => ({
  id,
  version: 3,
  deleted: false,
  updatedAt: '',
  receiptId: 'r1',
  orderId: 'o1',
  orderLineId: `ol-${id}`,
  position: 0,
  itemId,
  itemName,
  barcode: '',
  quantityHundredths,
  ...(unitCostCents !== undefined ? { unitCostCents } : {}),
  issue: '',
  returnedHundredths,
});
const lines = [receiptLine('l1', 'filter', 'Oil Filter', 1000, 90_00, 300), receiptLine('l2', 'pads', 'Brake Pads', 400, 1500_45)];
// On hand: 20 filters at Rs. 95 average, 4 pads at Rs. 1,500.45.
const items: Record<string, ReturnedItem> = {
  filter: { itemName: 'Oil Filter', stockHundredths: 2000, costPriceCents: 95_00 },
  pads: { itemName: 'Brake Pads', stockHundredths: 400, costPriceCents: 1500_45 },
};
const when = { at: '2026-12-07T10:00:00.000Z', register: 'DA', ...notYetReceived };
const author = { id: 'u1', name: 'Nimal Manager' };

const args = (...given: [string, string, number][]) =>
  returnToSupplierSchema.parse({
    id: 'ret1',
    receiptId: 'r1',
    note: 'Wrong size',
    lines: given.map(([id, lineId, quantity]) => ({ id, receiptLineId: lineId, itemId: lineId === 'l1' ? 'filter' : 'pads', quantity })),
  });
const plan = (parsed: ReturnType<typeof args>, itemOf: (id: string) => ReturnedItem | undefined = (id) => items[id]) => returnPlan(parsed, receipt, lines, itemOf, author, when);

describe('a return to the supplier', () => {
  it.each([
    // [case, lines (id, receipt line, quantity), credit, stock movements, returned after, item costs after, review reason]
    ['2 filters back at the Rs. 90 they came at', [['a', 'l1', 2]], 180_00, [['filter', -200]], [['l1', 500]], [['filter', 95_56]], ''],
    ['all 7 filters left', [['a', 'l1', 7]], 630_00, [['filter', -700]], [['l1', 1000]], [['filter', 97_69]], ''],
    ['a fraction at a cost with cents: the credit rounds a line', [['a', 'l2', 0.33]], 495_15, [['pads', -33]], [['l2', 33]], [['pads', 1500_45]], ''],
    [
      'two lines: the credit is their sum',
      [
        ['a', 'l1', 1],
        ['b', 'l2', 1],
      ],
      1590_45,
      [
        ['filter', -100],
        ['pads', -100],
      ],
      [
        ['l1', 400],
        ['l2', 100],
      ],
      [
        ['filter', 95_26],
        ['pads', 1500_45],
      ],
      '',
    ],
    [
      '8 filters when 7 were left: recorded, raised',
      [['a', 'l1', 8]],
      720_00,
      [['filter', -800]],
      [['l1', 1100]],
      [['filter', 98_33]],
      'Oil Filter: 1 more than was left of the delivery to send back.',
    ],
  ] as const)('%s', (_case, given, credit, movements, returned, costs, reason) => {
    const made = plan(args(...(given as unknown as [string, string, number][])));
    expect(made.supplierReturn).toMatchObject({
      totalCents: credit,
      receiptId: 'r1',
      orderNo: 'PO-DA-00001',
      supplierId: 's1',
      userName: 'Nimal Manager',
      reviewState: reason ? 'open' : '',
      reviewReason: reason,
    });
    expect(made.movements.map((movement) => [movement.itemId, movement.quantityHundredths])).toEqual(movements);
    expect(
      made.movements.every((movement) => movement.reason === 'returnedToSupplier' && movement.id === `${made.lines.find((line) => line.itemId === movement.itemId)!.id}/returned`),
    ).toBe(true);
    expect(made.receiptLines.map((line) => [line.id, line.returnedHundredths])).toEqual(returned);
    expect(made.itemCosts.map((cost) => [cost.itemId, cost.costPriceCents])).toEqual(costs);
    expect(made.lines.map((line) => line.unitCostCents)).toEqual(made.lines.map((line) => (line.receiptLineId === 'l1' ? 90_00 : 1500_45)));
    expect(made.over.length > 0).toBe(reason !== '');
  });

  it('on a side that reads no costs writes no item cost, and a missing item moves no stock and is raised', () => {
    const noCosts = plan(args(['a', 'l1', 1]), (id) => ({ itemName: items[id]!.itemName, stockHundredths: items[id]!.stockHundredths }));
    expect(noCosts.itemCosts).toEqual([]);
    expect(noCosts.movements).toHaveLength(1);
    const missing = plan(args(['a', 'l1', 1]), () => undefined);
    expect(missing.movements).toEqual([]);
    expect(missing.supplierReturn).toMatchObject({ reviewState: 'open', reviewReason: 'Oil Filter: the item is not on record here, so no stock moved for it.' });
  });

  it('names a line not on the delivery, or with another item, as bad input', () => {
    expect(lineNotOnReceipt(args(['a', 'l1', 1]), lines)).toBeNull();
    expect(lineNotOnReceipt(args(['a', 'elsewhere', 1]), lines)).toBe(supplierReturnMessages.lineNotOnReceipt);
    const otherItem = { ...args(['a', 'l1', 1]), lines: [{ id: 'a', receiptLineId: 'l1', itemId: 'pads', quantity: 1 }] };
    expect(lineNotOnReceipt(otherItem, lines)).toBe(supplierReturnMessages.lineNotOnReceipt);
  });

  it('touches the return, its lines, their movements, items and delivery lines, and leans on the delivery', () => {
    const parsed = args(['a', 'l1', 1]);
    expect(returnToSupplier.touches(parsed)).toEqual([
      { table: 'supplierReturns', id: 'ret1' },
      { table: 'supplierReturnLines', id: 'a' },
      { table: 'stockMovements', id: 'a/returned' },
      { table: 'items', id: 'filter' },
      { table: 'goodsReceiptLines', id: 'l1' },
    ]);
    expect(returnToSupplier.leansOn!(parsed)).toEqual({ record: { table: 'goodsReceipts', id: 'r1' }, madeBy: 'receiveGoods' });
  });

  it.each([
    ['no lines', [], supplierReturnMessages.noLines],
    [
      'the same delivery line twice',
      [
        { id: 'a', receiptLineId: 'l1', itemId: 'filter', quantity: 1 },
        { id: 'b', receiptLineId: 'l1', itemId: 'filter', quantity: 1 },
      ],
      supplierReturnMessages.duplicateLine,
    ],
  ])('refuses %s', (_case, given, message) => {
    const parsed = returnToSupplierSchema.safeParse({ id: 'ret1', receiptId: 'r1', note: '', lines: given });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
