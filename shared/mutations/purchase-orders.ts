import type { z } from 'zod';
import { defineMutation } from './define';
import {
  cancelPurchaseOrderSchema,
  createPurchaseOrderSchema,
  placePurchaseOrderSchema,
  purchaseMessages,
  updatePurchaseOrderSchema,
  type PurchaseOrderLineRow,
  type PurchaseOrderRow,
} from '../schemas/purchase-order';
import { toCents } from '../domain/money';
import { toHundredths } from '../domain/quantity';
import { cancellable, lineCostCents, orderStatus } from '../domain/purchase-orders';
import type { RecordRef } from '../sync/tables';

// Purchase orders (issue 44): a Manager's or Admin's records, not facts (an order can still be
// changed or refused before it is sent), so each operation is checked on both sides and refused in
// words. The rows are built here once for the device's optimistic apply and the server's.

type CreateArgs = z.output<typeof createPurchaseOrderSchema>;
type UpdateArgs = z.output<typeof updatePurchaseOrderSchema>;
type Line = CreateArgs['lines'][number];

const orderRef = (id: string): RecordRef => ({ table: 'purchaseOrders', id });
const lineRef = (id: string): RecordRef => ({ table: 'purchaseOrderLines', id });

export const createPurchaseOrder = defineMutation({
  name: 'createPurchaseOrder',
  schema: createPurchaseOrderSchema,
  permission: 'purchase',
  touches: (args) => [orderRef(args.id), ...args.lines.map((line) => lineRef(line.id)), { table: 'suppliers', id: args.supplierId }],
});

export const updatePurchaseOrder = defineMutation({
  name: 'updatePurchaseOrder',
  schema: updatePurchaseOrderSchema,
  permission: 'purchase',
  touches: (args) => [orderRef(args.id), ...(args.lines ?? []).map((line) => lineRef(line.id)), ...args.removedLineIds.map(lineRef)],
});

export const placePurchaseOrder = defineMutation({
  name: 'placePurchaseOrder',
  schema: placePurchaseOrderSchema,
  permission: 'purchase',
  touches: (args) => [orderRef(args.id)],
});

export const cancelPurchaseOrder = defineMutation({
  name: 'cancelPurchaseOrder',
  schema: cancelPurchaseOrderSchema,
  permission: 'purchase',
  touches: (args) => [orderRef(args.id), ...(args.lineId ? [lineRef(args.lineId)] : [])],
});

/** What a line keeps of its item: its name, barcode and the supplier's part number, as they were when ordered. */
export interface OrderedItem {
  itemName: string;
  barcode: string;
  supplierPartNo?: string;
}

type StoredLine = Omit<PurchaseOrderLineRow, 'version' | 'deleted' | 'updatedAt'>;

/** A line as stored: a new one, or one whose quantity or cost the draft changed (its item stays). */
export function orderLineRow(orderId: string, line: Line, position: number, item: OrderedItem): StoredLine {
  return {
    id: line.id,
    orderId,
    position,
    itemId: line.itemId,
    itemName: item.itemName,
    barcode: item.barcode,
    supplierPartNo: item.supplierPartNo ?? '',
    quantityHundredths: toHundredths(line.quantity),
    unitCostCents: toCents(line.unitCost),
    cancelledHundredths: 0,
    receivedHundredths: 0,
  };
}

/** Σ of the lines' (ordered − cancelled) × unit cost. */
export const orderTotalCents = (lines: readonly Pick<PurchaseOrderLineRow, 'quantityHundredths' | 'cancelledHundredths' | 'unitCostCents'>[]) =>
  lines.reduce((sum, line) => sum + lineCostCents(line, line.unitCostCents ?? 0), 0);

export function newOrderRow(
  args: CreateArgs & { orderNo: string },
  supplierName: string,
  author: { id: string; name: string },
  at: string,
  lines: readonly StoredLine[],
): Omit<PurchaseOrderRow, 'version' | 'deleted' | 'updatedAt'> {
  return {
    id: args.id,
    orderNo: args.orderNo,
    supplierId: args.supplierId,
    supplierName,
    status: 'Draft',
    note: args.note,
    totalCents: orderTotalCents(lines),
    createdAt: at,
    createdById: author.id,
    createdBy: author.name,
    orderedAt: null,
  };
}

/** Why a draft's edit is refused (the order as the side holds it), or null. */
export function draftEditProblem(order: Pick<PurchaseOrderRow, 'status'> | undefined): string | null {
  if (!order) return purchaseMessages.notFound;
  return order.status === 'Draft' ? null : purchaseMessages.onlyDraft;
}

/** A draft's lines after an edit: the kept ones with the edit's quantities and costs, then the new ones. */
export function editedLines(existing: readonly StoredLine[], args: UpdateArgs, itemOf: (itemId: string) => OrderedItem | undefined): { rows: StoredLine[]; missingItem: boolean } {
  const removed = new Set(args.removedLineIds);
  if (!args.lines) return { rows: existing.filter((line) => !removed.has(line.id)), missingItem: false };
  const byId = new Map(existing.map((line) => [line.id, line]));
  let missingItem = false;
  const rows = args.lines.map((line, position) => {
    const kept = byId.get(line.id);
    if (kept) return { ...kept, position, quantityHundredths: toHundredths(line.quantity), unitCostCents: toCents(line.unitCost) };
    const item = itemOf(line.itemId);
    if (!item) missingItem = true;
    return orderLineRow(args.id, line, position, item ?? { itemName: '', barcode: '' });
  });
  return { rows, missingItem };
}

/**
 * A cancel's effect on each line it names: what is still to come is no longer expected. Returns
 * the lines that change with their new cancelled quantity, and the order's new status.
 */
export function cancelEffect(order: Pick<PurchaseOrderRow, 'orderedAt'>, lines: readonly StoredLine[], lineId: string | undefined) {
  const changed = lines
    .filter((line) => lineId === undefined || line.id === lineId)
    .map((line) => ({ id: line.id, cancelledHundredths: line.cancelledHundredths + cancellable(line) }))
    .filter((line) => line.cancelledHundredths !== lines.find((row) => row.id === line.id)!.cancelledHundredths);
  const after = lines.map((line) => ({ ...line, ...changed.find((change) => change.id === line.id) }));
  return { changed, status: orderStatus(order.orderedAt !== null, after), totalCents: orderTotalCents(after) };
}
