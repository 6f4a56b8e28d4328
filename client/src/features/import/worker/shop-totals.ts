import type { GarageDb } from '@/db/db';

/** The shop's figures the reconciliation puts beside the file's (issue 43, point 6), from this device's records. */
export interface ShopTotals {
  customers: number;
  vehicles: number;
  items: number;
  /** Σ stock × cost price over items with stock above zero. */
  stockValueCents: number;
  services: number;
  /** Σ what is still due on the unpaid invoices. */
  dueCents: number;
}

export async function shopTotals(db: GarageDb): Promise<ShopTotals> {
  const totals: ShopTotals = { customers: 0, vehicles: 0, items: 0, stockValueCents: 0, services: await db.services.count(), dueCents: 0 };
  await db.customers.each((customer) => {
    totals.customers++;
    totals.vehicles += customer.vehicles?.length ?? 0;
  });
  await db.items.each((item) => {
    totals.items++;
    if (item.stockHundredths > 0) totals.stockValueCents += Math.round((item.stockHundredths * (item.costPriceCents ?? 0)) / 100);
  });
  await db.invoices
    .where('status')
    .equals('Due')
    .each((invoice) => {
      totals.dueCents += invoice.dueCents;
    });
  return totals;
}
