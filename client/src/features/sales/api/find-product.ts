import type { Table } from 'dexie';
import { db } from '@/db/instance';
import { queryPage } from '@/search';

export interface ProductRow {
  id: string;
  itemName: string;
  barcode: string;
  unitPriceCents: number;
  stockHundredths: number;
  warrantyMonths?: number;
}

// The item fields the register reads.
export const products: Table<ProductRow, string> = db.items;

/** A scan or a typed code: the item whose barcode (or id) is exactly this, through the barcode index. */
export async function findByCode(code: string): Promise<ProductRow | undefined> {
  const text = code.trim();
  if (!text) return undefined;
  return (await products.where('barcode').equals(text).first()) ?? (await products.where('barcode').equalsIgnoreCase(text).first()) ?? (await products.get(text));
}

/** How many matches a search looks through for items in stock before it stops (a shop's whole range for a word). */
export const inStockScanLimit = 2000;

/**
 * Items in stock whose words start with the typed ones (spec: only stock above 0 is offered), in the
 * list's order. Reads the matches a page at a time until `limit` are in stock, so a run of sold-out
 * items first does not hide those in stock after them (up to the first `inStockScanLimit` matches).
 */
export async function searchInStock(text: string, limit: number): Promise<ProductRow[]> {
  const pageSize = Math.max(limit * 2, 50);
  const found: ProductRow[] = [];
  for (let page = 1; found.length < limit && (page - 1) * pageSize < inStockScanLimit; page++) {
    const { rows, total } = await queryPage(products, { search: text, page, pageSize });
    found.push(...rows.filter((row) => row.stockHundredths > 0));
    if (page * pageSize >= total) break;
  }
  return found.slice(0, limit);
}
