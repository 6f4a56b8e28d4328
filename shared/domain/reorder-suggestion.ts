import { isBelowReorderLevel } from './attention';

// 'Order' from low stock (issue 44): one draft per usual supplier, with the items below their
// reorder level (the bell's and the report's rule) and a suggested quantity. Written once, tested
// by a table of cases; the screens only add what the device holds.

export interface ReorderItem {
  id: string;
  stockHundredths: number;
  reorderLevel: number;
  supplierId?: string | null;
  /** What the last receipt paid, else the cost price (cents); absent on a device that reads no costs. */
  lastCostCents?: number;
  costPriceCents?: number;
}

export interface SuggestedLine {
  itemId: string;
  quantityHundredths: number;
  unitCostCents: number;
}

/**
 * How many to order: enough to bring the stock to twice its reorder level, less what is already on
 * order and still to come, in whole units (parts come by the piece), at least one. An item with no
 * reorder level but stock below zero gets back to zero. Zero when what is on order covers it.
 */
export function suggestedQuantityHundredths(item: ReorderItem, onOrderHundredths: number): number {
  const target = item.reorderLevel * 2 * 100;
  const short = target - item.stockHundredths - onOrderHundredths;
  if (short <= 0) return 0;
  return Math.max(100, Math.ceil(short / 100) * 100);
}

/** The unit cost a suggested line starts at: the last cost paid, else the cost price, else 0. */
export const suggestedUnitCost = (item: ReorderItem) => (item.lastCostCents || item.costPriceCents) ?? 0;

export interface ReorderPlan {
  /** One draft a supplier: its lines, in the order the items were given. */
  drafts: { supplierId: string; lines: SuggestedLine[] }[];
  /** Items below their level with no usual supplier: the screen names how many. */
  withoutSupplier: number;
  /** Items below their level fully covered by what is already on order. */
  alreadyOnOrder: number;
}

export function reorderPlan(items: readonly ReorderItem[], onOrder: ReadonlyMap<string, number>, liveSuppliers: ReadonlySet<string>): ReorderPlan {
  const bySupplier = new Map<string, SuggestedLine[]>();
  let withoutSupplier = 0;
  let alreadyOnOrder = 0;
  for (const item of items) {
    if (!isBelowReorderLevel(item)) continue;
    const supplierId = item.supplierId && liveSuppliers.has(item.supplierId) ? item.supplierId : null;
    if (!supplierId) {
      withoutSupplier += 1;
      continue;
    }
    const quantityHundredths = suggestedQuantityHundredths(item, onOrder.get(item.id) ?? 0);
    if (quantityHundredths === 0) {
      alreadyOnOrder += 1;
      continue;
    }
    const lines = bySupplier.get(supplierId) ?? [];
    lines.push({ itemId: item.id, quantityHundredths, unitCostCents: suggestedUnitCost(item) });
    bySupplier.set(supplierId, lines);
  }
  return { drafts: [...bySupplier].map(([supplierId, lines]) => ({ supplierId, lines })), withoutSupplier, alreadyOnOrder };
}
