import type { ItemRow } from '../../schemas/item';
import type { ServiceRow } from '../../schemas/service';
import { moneyCell, quantityCell } from '../cells';
import { exportList } from '../list';

/** Items; the Cost Price column only for a reader who may read costs (Staff's device holds none). */
export const itemsList = exportList<ItemRow>({
  key: 'items',
  title: 'Items',
  file: 'items.csv',
  table: 'items',
  lookups: ['categories'],
  header: ({ readsCosts }) => [
    'Item Name',
    'Barcode',
    'Category',
    'Unit Price',
    ...(readsCosts ? ['Cost Price'] : []),
    'Stock Quantity',
    'Reorder Level',
    'Warranty Months',
    'Description',
  ],
  lines: (item, { readsCosts, categoryName }) =>
    item.deleted
      ? []
      : [
          [
            item.itemName,
            item.barcode,
            categoryName(item.categoryId),
            moneyCell(item.unitPriceCents),
            ...(readsCosts ? [moneyCell(item.costPriceCents)] : []),
            quantityCell(item.stockHundredths),
            item.reorderLevel,
            item.warrantyMonths,
            item.description,
          ],
        ],
});

export const servicesList = exportList<ServiceRow>({
  key: 'services',
  title: 'Services',
  file: 'services.csv',
  table: 'services',
  lookups: [],
  header: () => ['Service ID', 'Service Name', 'Price'],
  lines: (service) => (service.deleted ? [] : [[service.serviceId, service.name, moneyCell(service.priceCents)]]),
});
