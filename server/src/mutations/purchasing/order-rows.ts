import { and, asc, eq } from 'drizzle-orm';
import { purchaseOrderLines, purchaseOrders } from '@server/db/schema';
import { badRequest, conflict, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { codeOfNumber } from '@server/sales/server-invoice-no';
import { purchaseMessages, type PurchaseOrderLineRow, type PurchaseOrderRow } from '@shared/schemas/purchase-order';
import type { OrderedItem } from '@shared/mutations/purchase-orders';
import { formatPurchaseOrderNo } from '@shared/domain/purchase-order-number';
import { nextSequence } from '@server/sync/versions';

/** The server's own series for orders made over REST: PO-SRV-00001 (no device numbers with SRV). */
export const serverOrderCode = 'SRV';

/** The order as stored, or a 404 in the order's words. */
export async function liveOrder(tx: MutationTx, id: string): Promise<PurchaseOrderRow> {
  const order = (await tx.findLive('purchaseOrders', id)) as unknown as PurchaseOrderRow | undefined;
  if (!order) throw notFound(purchaseMessages.notFound);
  return order;
}

/** An order's live lines in their order. */
export async function orderLines(tx: MutationTx, orderId: string): Promise<PurchaseOrderLineRow[]> {
  return (await tx.db
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.orderId, orderId), eq(purchaseOrderLines.deleted, false)))
    .orderBy(asc(purchaseOrderLines.position))
    .all()) as PurchaseOrderLineRow[];
}

/** What a new line keeps of its item; an item deleted (or never held) is refused: an order is not a fact. */
export async function orderedItem(tx: MutationTx, itemId: string): Promise<OrderedItem> {
  const item = await tx.findLive('items', itemId);
  if (!item) throw badRequest(purchaseMessages.itemGone);
  return { itemName: String(item.itemName), barcode: String(item.barcode), supplierPartNo: String(item.supplierPartNo ?? '') };
}

export async function liveSupplierName(tx: MutationTx, supplierId: string): Promise<string> {
  const supplier = await tx.findLive('suppliers', supplierId);
  if (!supplier) throw badRequest(purchaseMessages.supplierGone);
  return String(supplier.name);
}

/**
 * A device numbers its orders with its own code (as its invoices) and must give one; over REST the
 * server numbers in its own series, whatever the body says. A number already used is refused: an
 * order is not a fact, and is still the Manager's to fix.
 */
export async function orderNumber(tx: MutationTx, given: string | undefined): Promise<string> {
  if (!tx.fromDevice) return formatPurchaseOrderNo(serverOrderCode, await nextSequence(tx.db, `purchaseOrderNo:${serverOrderCode}`));
  const code = codeOfNumber(given ?? '');
  if (!given || code !== tx.register || code === '') throw badRequest(purchaseMessages.orderNo);
  const taken = await tx.db.select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.orderNo, given)).get();
  if (taken) throw conflict(purchaseMessages.orderNoTaken);
  return given;
}
