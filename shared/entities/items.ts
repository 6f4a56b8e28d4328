import type { ItemRow } from '../schemas/item';
import { toCents } from '../domain/money';
import { lowerSortKey } from '../domain/search-tokens';
import { stockNeedsAttention } from '../domain/attention';
import { defineEntity, sameFields } from './define-entity';

const cents = (value: unknown) => toCents(Number(value));

export const itemsEntity = defineEntity<ItemRow>()({
  name: 'items',
  sqlName: 'items',
  priority: true,
  problemForm: { noun: 'Item' },
  fields: {
    // No stock here: it changes only through movements (shared/mutations/items.ts).
    ...sameFields('itemName', 'barcode', 'reorderLevel', 'description'),
    categoryId: { from: 'category' },
    unitPriceCents: { from: 'unitPrice', convert: cents },
    costPriceCents: { from: 'costPrice', convert: cents },
    // Purchasing (issue 44). The last cost paid is a receipt's to set, never an argument's.
    supplierId: { from: 'supplier' },
    supplierPartNo: { from: 'supplierPartNo' },
  },
  search: { words: (row) => [row.itemName, row.barcode], digits: (row) => [row.barcode] },
  sortKey: (row) => lowerSortKey(row.itemName),
  // Searched in memory (client/src/search): its words stay in the row, unindexed; its local stamp
  // tells what changed since the index's snapshot. needsStock (derived on the device) is the bell's:
  // the items below their reorder level or below zero, without reading every item.
  deviceIndexes: 'id, itemName, barcode, categoryId, stockHundredths, sortKey, localStamp, needsStock',
  deviceFields: (row) => {
    const need = stockNeedsAttention({ stockHundredths: Number(row.stockHundredths ?? 0), reorderLevel: Number(row.reorderLevel ?? 0) });
    return { needsStock: need === 'belowZero' ? 2 : need === 'belowReorder' ? 1 : 0 };
  },
  names: {
    record: (row) => row.itemName,
    fields: {
      itemName: 'Item Name',
      barcode: 'Barcode',
      categoryId: 'Category',
      unitPriceCents: 'Unit Price',
      costPriceCents: 'Cost Price',
      reorderLevel: 'Reorder Level',
      description: 'Description',
      supplierId: 'Usual Supplier',
      supplierPartNo: "Supplier's Part No.",
    },
  },
});
