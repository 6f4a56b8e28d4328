import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { newOrderRow, orderLineRow } from '@shared/mutations/purchase-orders';
import { orderNumber, liveSupplierName, orderedItem } from './order-rows';

/** A draft order and its lines at one version; the supplier and every item must be on record. */
export async function createPurchaseOrder(tx: MutationTx, args: MutationArgs<'createPurchaseOrder'>) {
  const supplierName = await liveSupplierName(tx, args.supplierId);
  const orderNo = await orderNumber(tx, args.orderNo);
  const lines = [];
  for (const [position, line] of args.lines.entries()) lines.push(orderLineRow(args.id, line, position, await orderedItem(tx, line.itemId)));
  const order = await tx.insertReturning('purchaseOrders', newOrderRow({ ...args, orderNo }, supplierName, tx.user, tx.happenedAt, lines), 'This order already exists.');
  for (const line of lines) await tx.insert('purchaseOrderLines', line, 'This order line already exists.');
  return order;
}
