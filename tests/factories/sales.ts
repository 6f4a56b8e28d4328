// Test factories for sales (see customers.ts for why they live here). The sync mutations' sale
// arguments are tests/sync/harness.ts's saleArgs (they need its register's invoice numbers).

type Json = Record<string, unknown>;

/**
 * A line of POST /api/sales/sales-invoices's body: one of `itemName` at `unitPriceAtSale`, no
 * discount; a service typed by hand unless `itemId` names the item sold (then an item line).
 */
export const saleLine = (itemName: string, unitPriceAtSale: number, overrides: Json = {}): Json => ({
  itemName,
  quantity: 1,
  unitPriceAtSale,
  discountPercentageAtSale: 0,
  isService: overrides.itemId === undefined,
  ...overrides,
});

/** What a line comes to, in cents (the server's rounding), for the body's total. */
const lineCents = (line: Json) => Math.round(Number(line.quantity ?? 1) * Number(line.unitPriceAtSale) * (100 - Number(line.discountPercentageAtSale ?? 0)));

/**
 * POST /api/sales/sales-invoices's body: `lines` sold to `customerId` (null: a guest) now, no tax,
 * the total their sum, paid in full in cash; `paidAmount` for less (0: nothing paid),
 * `paymentMethod` for another method.
 */
export function saleBody(customerId: string | null, lines: Json[], overrides: Json = {}): Json {
  const total = lines.reduce((sum, line) => sum + lineCents(line), 0) / 100;
  const paid = (overrides.paidAmount as number | undefined) ?? total;
  const method = overrides.paymentMethod ?? 'Cash';
  return {
    date: new Date().toISOString(),
    customerId,
    items: lines,
    taxRate: 0,
    total,
    paidAmount: paid,
    paymentHistory: paid > 0 ? [{ method, amount: paid }] : [],
    ...overrides,
  };
}

/**
 * POST /api/sales/sales-invoices's body: one service line (`serviceId`, 'Labour' unless named) of
 * `total` for `customerId`, with `paid` in cash, on `date`.
 */
export const serviceSaleBody = (customerId: string, serviceId: string, sale: { date: Date; total: number; paid: number; itemName?: string }, overrides: Json = {}): Json => ({
  date: sale.date.toISOString(),
  customerId,
  items: [{ itemId: serviceId, itemName: sale.itemName ?? 'Labour', quantity: 1, unitPriceAtSale: sale.total, isService: true }],
  total: sale.total,
  paidAmount: sale.paid,
  paymentHistory: [{ method: 'Cash', amount: sale.paid }],
  ...overrides,
});
