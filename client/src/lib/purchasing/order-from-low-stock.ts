import { db } from '@/db/instance';
import { mutateAll } from '@/sync/mutate';
import { nextPurchaseOrderNos } from '@/sync/invoice-numbers';
import { newRecordId } from '@shared/sync/record-id';
import { reorderPlan, type ReorderPlan } from '@shared/domain/reorder-suggestion';
import { stillToCome } from '@shared/domain/purchase-orders';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import type { MutationInput } from '@shared/mutations/definitions';

const openStatuses = ['Draft', 'Ordered', 'Partly Received'];

/**
 * What is still to come of these items on the open orders this device holds: their lines read by the
 * item index, then those lines' orders. Not every open order's lines: at a shop's scale (1,500 open
 * orders of 20,000) reading those by order took 1 to 2.5 s of 'Order' (issue 44's bench).
 */
async function onOrder(itemIds: readonly string[]): Promise<Map<string, number>> {
  // One equals() an item, all at once: each is one getAll on the index, where anyOf() walks a cursor
  // a record at a time (a round trip each: ~0.5 s for 500 items' history in Chromium).
  const lines = (await Promise.all(itemIds.map((itemId) => db.purchaseOrderLines.where('itemId').equals(itemId).toArray()))).flat();
  const orders = await db.purchaseOrders.bulkGet([...new Set(lines.map((line) => line.orderId))]);
  const open = new Set(orders.flatMap((order) => (order && openStatuses.includes(order.status) ? [order.id] : [])));
  const coming = new Map<string, number>();
  for (const line of lines) if (!line.deleted && open.has(line.orderId)) coming.set(line.itemId, (coming.get(line.itemId) ?? 0) + stillToCome(line));
  return coming;
}

/**
 * 'Order' from the Low Stock report and the bell (issue 44): a draft for each usual supplier with its
 * items below their reorder level at the suggested quantity (shared/domain/reorder-suggestion.ts),
 * each numbered on this device and saved as one operation, all of them in one transaction. Read
 * through the bell's index, so the items are never read whole. Answers the plan and the drafts' ids.
 * Leaves a performance measure 'order-from-low-stock' (its detail: each step's milliseconds).
 */
export async function orderFromLowStock(): Promise<{ plan: ReorderPlan; orderIds: string[] }> {
  const started = performance.now();
  const ids = await db.items.where('needsStock').anyOf(1, 2).primaryKeys();
  const items = (await db.items.bulkGet(ids)).filter((item) => item !== undefined && !item.deleted);
  const supplierIds = [...new Set(items.map((item) => item!.supplierId).filter((id): id is string => !!id))];
  const suppliers = (await db.suppliers.bulkGet(supplierIds)).filter((supplier) => supplier !== undefined && !supplier.deleted);
  const readAt = performance.now();
  const coming = await onOrder(items.map((item) => item!.id));
  const onOrderAt = performance.now();
  const plan = reorderPlan(
    items.map((item) => item!),
    coming,
    new Set(suppliers.map((supplier) => supplier!.id)),
  );
  // Numbered together, then written in one transaction: a transaction each (of every synced table)
  // took ~17 ms a draft, seconds for the few hundred suppliers of 500 items (issue 44's bench).
  const numbers = plan.drafts.length ? await nextPurchaseOrderNos(db, plan.drafts.length) : [];
  const numberedAt = performance.now();
  const calls = plan.drafts.map((draft, index) => ({
    name: 'createPurchaseOrder' as const,
    args: {
      id: newRecordId(),
      orderNo: numbers[index]!,
      supplierId: draft.supplierId,
      note: 'From low stock',
      lines: draft.lines.map((line) => ({ id: newRecordId(), itemId: line.itemId, quantity: fromHundredths(line.quantityHundredths), unitCost: fromCents(line.unitCostCents) })),
    } satisfies MutationInput<'createPurchaseOrder'>,
  }));
  // Each draft reads its supplier and items and writes only its own order: independent.
  await mutateAll(calls, { independent: true });
  const orderIds = calls.map((call) => call.args.id);
  const end = performance.now();
  const detail = {
    items: items.length,
    drafts: orderIds.length,
    readMs: readAt - started,
    onOrderMs: onOrderAt - readAt,
    numberMs: numberedAt - onOrderAt,
    writeMs: end - numberedAt,
  };
  performance.measure('order-from-low-stock', { start: started, end, detail });
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
