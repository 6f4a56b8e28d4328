import type { Table } from 'dexie';
import { db } from '../../../db/instance';
import { queryPage } from '../../../lib/use-paged-search';

export interface ProductRow {
  id: string;
  itemName: string;
  barcode: string;
  unitPriceCents: number;
  stockHundredths: number;
  warrantyMonths?: number;
}

export const products = db.items as unknown as Table<ProductRow, string>;

/** A scan or a typed code: the item whose barcode (or id) is exactly this, through the barcode index. */
export async function findByCode(code: string): Promise<ProductRow | undefined> {
  const text = code.trim();
  if (!text) return undefined;
  return (await products.where('barcode').equals(text).first()) ?? (await products.where('barcode').equalsIgnoreCase(text).first()) ?? (await products.get(text));
}

/** Items in stock whose words start with the typed ones (spec: only stock above 0 is offered). */
export async function searchInStock(text: string, limit: number): Promise<ProductRow[]> {
  const { rows } = await queryPage(products, { search: text, page: 1, pageSize: limit * 2 });
  return rows.filter((row) => row.stockHundredths > 0).slice(0, limit);
}
