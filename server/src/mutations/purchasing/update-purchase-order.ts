import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { draftEditProblem, editedLines, orderTotalCents } from '@shared/mutations/purchase-orders';
import { purchaseMessages } from '@shared/schemas/purchase-order';
import { liveOrder, liveSupplierName, orderLines, orderedItem } from './order-rows';

/** A draft's supplier, note and lines; an order already sent is the supplier's now and is refused. */
export function updatePurchaseOrder(tx: MutationTx, args: MutationArgs<'updatePurchaseOrder'>) {
  const order = liveOrder(tx, args.id);
  const problem = draftEditProblem(order);
  if (problem) throw badRequest(problem);
  const supplierName = args.supplierId !== undefined && args.supplierId !== order.supplierId ? liveSupplierName(tx, args.supplierId) : order.supplierName;
  const existing = orderLines(tx, args.id);
  const { rows } = editedLines(existing, args, (itemId) => orderedItem(tx, itemId));
  if (rows.length === 0) throw badRequest(purchaseMessages.noLines);
  const kept = new Set(rows.map((row) => row.id));
  for (const line of existing) if (!kept.has(line.id)) tx.tombstone('purchaseOrderLines', line.id);
  const before = new Map(existing.map((line) => [line.id, line]));
  for (const row of rows) {
    if (before.has(row.id)) tx.update('purchaseOrderLines', row.id, { position: row.position, quantityHundredths: row.quantityHundredths, unitCostCents: row.unitCostCents });
    else tx.insert('purchaseOrderLines', row, 'This order line already exists.');
  }
  tx.update('purchaseOrders', args.id, {
    supplierId: args.supplierId ?? order.supplierId,
    supplierName,
    ...(args.note !== undefined ? { note: args.note } : {}),
    totalCents: orderTotalCents(rows),
  });
  return tx.find('purchaseOrders', args.id)!;
}
