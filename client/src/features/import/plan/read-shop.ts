import type { GarageDb } from '@/db/db';
import type { ImportKind } from '@shared/import/columns';
import type { ShopCustomer } from './plan-customers';
import type { ShopCatalog } from './plan-items';
import type { ShopService } from './plan-services';
import type { ShopDues } from './plan-opening-balances';

/** What a dry run compares a file with: the shop's records of that kind, as this device holds them. */
export interface Shop {
  customers: ShopCustomer[];
  catalog: ShopCatalog;
  services: ShopService[];
  /** The invoice numbers the device holds (an opening balance is found by its number). */
  invoiceNos: ShopDues['invoiceNos'];
}

/**
 * The shop's records a kind of file is matched against, read whole from the device (in the import's
 * worker, so the page is not held while 50,000 items are read). The device holds live rows only.
 */
export async function readShop(db: GarageDb, kind: ImportKind): Promise<Shop> {
  const shop: Shop = { customers: [], catalog: { items: [], categories: [] }, services: [], invoiceNos: new Set() };
  if (kind === 'customers' || kind === 'openingBalances') shop.customers = (await db.customers.toArray()) as unknown as ShopCustomer[];
  if (kind === 'items') shop.catalog = { items: await db.items.toArray(), categories: await db.categories.toArray() };
  if (kind === 'services') shop.services = await db.services.toArray();
  // The numbers only, from their unique index: no invoice row is read.
  if (kind === 'openingBalances') shop.invoiceNos = new Set((await db.invoices.orderBy('invoiceNo').keys()) as string[]);
  return shop;
}
