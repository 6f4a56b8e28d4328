import type { GarageDb } from '@/db/db';
import { localDateInput } from '../format-date';
import type { ExportContext, ExportLookup } from '@shared/export/list';
import { readInBatches } from './read-in-batches';

/**
 * What the lists look up beyond their own rows, read from the device once for the lists that need it
 * (an invoice's number for its lines and payments, an item's name for its movements, category names,
 * a customer's phone for the due list).
 */
export async function exportContext(db: GarageDb, lookups: ReadonlySet<ExportLookup>, readsCosts: boolean): Promise<ExportContext> {
  const categories = new Map<string, string>();
  const invoices = new Map<string, { invoiceNo: string; customerName: string }>();
  const items = new Map<string, { itemName: string; barcode: string }>();
  const phones = new Map<string, string>();
  if (lookups.has('categories')) for (const category of await db.categories.toArray()) categories.set(category.id, String(category.name));
  if (lookups.has('invoices')) {
    await readInBatches(db, 'invoices', (rows) => {
      for (const row of rows) invoices.set(row.id, { invoiceNo: String(row.invoiceNo), customerName: String(row.customerName ?? '') });
    });
  }
  if (lookups.has('items')) {
    await readInBatches(db, 'items', (rows) => {
      for (const row of rows) items.set(row.id, { itemName: String(row.itemName), barcode: String(row.barcode ?? '') });
    });
  }
  if (lookups.has('customers')) {
    await readInBatches(db, 'customers', (rows) => {
      for (const row of rows) if (!row.deleted && row.phone) phones.set(row.id, String(row.phone));
    });
  }
  return {
    readsCosts,
    today: localDateInput(),
    // An item whose category was deleted shows N/A, as the list does.
    categoryName: (id) => (id ? (categories.get(id) ?? 'N/A') : 'N/A'),
    invoice: (id) => invoices.get(id),
    item: (id) => items.get(id),
    customerPhone: (id) => (id ? phones.get(id) : undefined),
  };
}
