import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { cancelEffect, draftEditProblem, editedLines, newOrderRow, orderLineRow, orderTotalCents, type OrderedItem } from '@shared/mutations/purchase-orders';
import { purchaseMessages, type PurchaseOrderLineRow, type PurchaseOrderRow } from '@shared/schemas/purchase-order';

// The device's half of server/src/mutations/purchasing/: the same rows from the device's copy,
// refused in the same words before anything is queued.

async function liveOrder(tx: LocalTx, id: string): Promise<PurchaseOrderRow> {
  const order = (await tx.get('purchaseOrders', id)) as unknown as PurchaseOrderRow | undefined;
  if (!order || order.deleted) throw new ValidationError(purchaseMessages.notFound);
  return order;
}

async function orderLines(tx: LocalTx, orderId: string): Promise<PurchaseOrderLineRow[]> {
  const lines = await tx.db.purchaseOrderLines.where('orderId').equals(orderId).toArray();
  return (lines as unknown as PurchaseOrderLineRow[]).filter((line) => !line.deleted).sort((a, b) => a.position - b.position);
}

async function orderedItems(tx: LocalTx, itemIds: readonly string[]): Promise<Map<string, OrderedItem>> {
  const rows = await tx.db.items.bulkGet([...itemIds]);
  const found = new Map<string, OrderedItem>();
  for (const row of rows) if (row && !row.deleted) found.set(row.id, { itemName: row.itemName, barcode: row.barcode, supplierPartNo: row.supplierPartNo ?? '' });
  return found;
}

async function supplierName(tx: LocalTx, supplierId: string): Promise<string> {
  const supplier = await tx.get('suppliers', supplierId);
  if (!supplier || supplier.deleted) throw new ValidationError(purchaseMessages.supplierGone, 'supplierId');
  return String(supplier.name);
}

export async function createPurchaseOrder(tx: LocalTx, args: MutationArgs<'createPurchaseOrder'>): Promise<void> {
  const orderNo = args.orderNo;
  // The screen numbers it first (sync/invoice-numbers.ts); the server would refuse one without.
  if (!orderNo) throw new ValidationError(purchaseMessages.orderNo);
  const name = await supplierName(tx, args.supplierId);
  const items = await orderedItems(
    tx,
    args.lines.map((line) => line.itemId),
  );
  const lines = args.lines.map((line, position) => {
    const item = items.get(line.itemId);
    if (!item) throw new ValidationError(purchaseMessages.itemGone);
    return orderLineRow(args.id, line, position, item);
  });
  await tx.put('purchaseOrders', newOrderRow({ ...args, orderNo }, name, tx.author, tx.now, lines));
  await tx.db.purchaseOrderLines.bulkPut(lines.map((line) => ({ ...line, version: 0, deleted: false, updatedAt: tx.now })));
}

export async function updatePurchaseOrder(tx: LocalTx, args: MutationArgs<'updatePurchaseOrder'>): Promise<void> {
  const order = await liveOrder(tx, args.id);
  const problem = draftEditProblem(order);
  if (problem) throw new ValidationError(problem);
  const name = args.supplierId !== undefined && args.supplierId !== order.supplierId ? await supplierName(tx, args.supplierId) : order.supplierName;
  const existing = await orderLines(tx, args.id);
  const items = await orderedItems(
    tx,
    (args.lines ?? []).map((line) => line.itemId),
  );
  const { rows, missingItem } = editedLines(existing, args, (itemId) => items.get(itemId));
  if (missingItem) throw new ValidationError(purchaseMessages.itemGone);
  if (rows.length === 0) throw new ValidationError(purchaseMessages.noLines);
  const kept = new Set(rows.map((row) => row.id));
  await tx.db.purchaseOrderLines.bulkDelete(existing.filter((line) => !kept.has(line.id)).map((line) => line.id));
  await tx.db.purchaseOrderLines.bulkPut(rows.map((row) => ({ version: 0, ...row, deleted: false, updatedAt: tx.now })));
  await tx.patch('purchaseOrders', args.id, {
    supplierId: args.supplierId ?? order.supplierId,
    supplierName: name,
    ...(args.note !== undefined ? { note: args.note } : {}),
    totalCents: orderTotalCents(rows),
  });
}

export async function placePurchaseOrder(tx: LocalTx, args: MutationArgs<'placePurchaseOrder'>): Promise<void> {
  const order = await liveOrder(tx, args.id);
  if (order.status === 'Cancelled') throw new ValidationError(purchaseMessages.cancelled);
  if (order.status === 'Draft') await tx.patch('purchaseOrders', args.id, { status: 'Ordered', orderedAt: tx.now });
}

export async function cancelPurchaseOrder(tx: LocalTx, args: MutationArgs<'cancelPurchaseOrder'>): Promise<void> {
  const order = await liveOrder(tx, args.id);
  const lines = await orderLines(tx, args.id);
  if (args.lineId !== undefined && !lines.some((line) => line.id === args.lineId)) throw new ValidationError(purchaseMessages.lineNotOnOrder);
  const { changed, status, totalCents } = cancelEffect(order, lines, args.lineId);
  for (const line of changed) await tx.patch('purchaseOrderLines', line.id, { cancelledHundredths: line.cancelledHundredths });
  // A Staff device holds no costs: its total stays absent rather than a sum of nothing.
  await tx.patch('purchaseOrders', args.id, { status, ...(order.totalCents !== undefined ? { totalCents } : {}) });
}
