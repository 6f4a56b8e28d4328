import { readAhead } from '@server/db/read-ahead';
import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { draftEditProblem, editedLines, orderTotalCents } from '@shared/mutations/purchase-orders';
import { purchaseMessages } from '@shared/schemas/purchase-order';
import { liveOrder, liveSupplierName, orderLines, orderedItem } from './order-rows';

/** A draft's supplier, note and lines; an order already sent is the supplier's now and is refused. */
export async function updatePurchaseOrder(tx: MutationTx, args: MutationArgs<'updatePurchaseOrder'>) {
  const order = await liveOrder(tx, args.id);
  const problem = draftEditProblem(order);
  if (problem) throw badRequest(problem);
  const supplierName = args.supplierId !== undefined && args.supplierId !== order.supplierId ? await liveSupplierName(tx, args.supplierId) : order.supplierName;
  const existing = await orderLines(tx, args.id);
  // Only a new line's item is asked for (a kept line keeps its name); one no longer on record is refused.
  const kept = new Set(existing.map((line) => line.id));
  const itemOf = await readAhead(
    (args.lines ?? []).filter((line) => !kept.has(line.id)).map((line) => line.itemId),
    async (itemId) => orderedItem(tx, itemId),
  );
  const { rows } = editedLines(existing, args, itemOf);
  if (rows.length === 0) throw badRequest(purchaseMessages.noLines);
  const stays = new Set(rows.map((row) => row.id));
  for (const line of existing) if (!stays.has(line.id)) await tx.tombstone('purchaseOrderLines', line.id);
  const before = new Map(existing.map((line) => [line.id, line]));
  for (const row of rows) {
    if (before.has(row.id)) await tx.update('purchaseOrderLines', row.id, { position: row.position, quantityHundredths: row.quantityHundredths, unitCostCents: row.unitCostCents });
    else await tx.insert('purchaseOrderLines', row, 'This order line already exists.');
  }
  await tx.update('purchaseOrders', args.id, {
    supplierId: args.supplierId ?? order.supplierId,
    supplierName,
    ...(args.note !== undefined ? { note: args.note } : {}),
    totalCents: orderTotalCents(rows),
  });
  return (await tx.find('purchaseOrders', args.id))!;
}
