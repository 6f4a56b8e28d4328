import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import type { PurchaseOrderLineRow } from '@shared/schemas/purchase-order';

/** A line being written on a draft: text as its inputs hold it, checked by the shared schema at Save. */
export interface DraftLine {
  id: string;
  itemId: string;
  itemName: string;
  barcode: string;
  quantity: string;
  unitCost: string;
}

export const draftLineOf = (line: PurchaseOrderLineRow): DraftLine => ({
  id: line.id,
  itemId: line.itemId,
  itemName: line.itemName,
  barcode: line.barcode,
  quantity: String(fromHundredths(line.quantityHundredths)),
  unitCost: fromCents(line.unitCostCents ?? 0).toFixed(2),
});
