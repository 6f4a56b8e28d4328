// Test factories for sales (see customers.ts for why they live here). The sync mutations' sale
// arguments are tests/sync/harness.ts's saleArgs (they need its register's invoice numbers).

type Json = Record<string, unknown>;

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
