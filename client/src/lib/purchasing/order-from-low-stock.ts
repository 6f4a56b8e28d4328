import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { nextPurchaseOrderNo } from '@/sync/invoice-numbers';
import { newRecordId } from '@shared/sync/record-id';
import { reorderPlan, type ReorderPlan } from '@shared/domain/reorder-suggestion';
import { stillToCome } from '@shared/domain/purchase-orders';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';

const openStatuses = ['Draft', 'Ordered', 'Partly Received'];

/** What is still to come of each item on the open orders this device holds. */
async function onOrder(): Promise<Map<string, number>> {
  const orderIds = await db.purchaseOrders.where('status').anyOf(openStatuses).primaryKeys();
  const lines = orderIds.length ? await db.purchaseOrderLines.where('orderId').anyOf(orderIds).toArray() : [];
  const coming = new Map<string, number>();
  for (const line of lines) if (!line.deleted) coming.set(line.itemId, (coming.get(line.itemId) ?? 0) + stillToCome(line));
  return coming;
}

/**
 * 'Order' from the Low Stock report and the bell (issue 44): a draft for each usual supplier with its
 * items below their reorder level at the suggested quantity (shared/domain/reorder-suggestion.ts),
 * each numbered on this device and saved as one operation. Read through the bell's index, so the
 * items are never read whole. Answers the plan and the drafts' ids.
 */
export async function orderFromLowStock(): Promise<{ plan: ReorderPlan; orderIds: string[] }> {
  const ids = await db.items.where('needsStock').anyOf(1, 2).primaryKeys();
  const items = (await db.items.bulkGet(ids)).filter((item) => item !== undefined && !item.deleted);
  const supplierIds = [...new Set(items.map((item) => item!.supplierId).filter((id): id is string => !!id))];
  const suppliers = (await db.suppliers.bulkGet(supplierIds)).filter((supplier) => supplier !== undefined && !supplier.deleted);
  const plan = reorderPlan(
    items.map((item) => item!),
    await onOrder(),
    new Set(suppliers.map((supplier) => supplier!.id)),
  );
  const orderIds: string[] = [];
  for (const draft of plan.drafts) {
    const id = newRecordId();
    await mutate('createPurchaseOrder', {
      id,
      orderNo: await nextPurchaseOrderNo(db),
      supplierId: draft.supplierId,
      note: 'From low stock',
      lines: draft.lines.map((line) => ({ id: newRecordId(), itemId: line.itemId, quantity: fromHundredths(line.quantityHundredths), unitCost: fromCents(line.unitCostCents) })),
    });
    orderIds.push(id);
  }
  return { plan, orderIds };
}

/** The toast's words for what 'Order' did. */
export function orderedWords({ plan, orderIds }: { plan: ReorderPlan; orderIds: string[] }): string {
  const made = orderIds.length === 0 ? 'No draft order was needed' : `${orderIds.length} draft order${orderIds.length === 1 ? '' : 's'} made`;
  const notes = [
    plan.withoutSupplier > 0 ? `${plan.withoutSupplier} item${plan.withoutSupplier === 1 ? ' has' : 's have'} no usual supplier` : '',
    plan.alreadyOnOrder > 0 ? `${plan.alreadyOnOrder} already on order` : '',
  ].filter(Boolean);
  return notes.length ? `${made}; ${notes.join(', ')}.` : `${made}.`;
}
