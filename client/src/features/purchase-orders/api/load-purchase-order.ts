import { db } from '@/db/instance';
import type { PurchaseOrderLineRow, PurchaseOrderRow } from '@shared/schemas/purchase-order';
import type { CompanyRow } from '@shared/schemas/company';

export interface LoadedOrder {
  order: PurchaseOrderRow;
  lines: PurchaseOrderLineRow[];
  supplier: { name: string; contactPerson: string; phone: string; email: string; address: string; paymentTermsDays: number } | null;
  company: CompanyRow | null;
}

/** An order with its lines in their order, its supplier and the letterhead, from this device (so it prints offline); null when not held. */
export async function loadPurchaseOrder(id: string): Promise<LoadedOrder | null> {
  const order = (await db.purchaseOrders.get(id)) as PurchaseOrderRow | undefined;
  if (!order || order.deleted) return null;
  const lines = ((await db.purchaseOrderLines.where('orderId').equals(id).toArray()) as PurchaseOrderLineRow[])
    .filter((line) => !line.deleted)
    .sort((a, b) => a.position - b.position);
  const supplier = (await db.suppliers.get(order.supplierId)) ?? null;
  const company = ((await db.company.get('company')) as CompanyRow | undefined) ?? null;
  return { order, lines, supplier, company };
}
