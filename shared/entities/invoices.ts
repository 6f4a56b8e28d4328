import type { InvoiceRow } from '../schemas/sale';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';
import { plateKey } from '../domain/search-shape';

export const invoicesEntity = defineEntity<InvoiceRow>()({
  name: 'invoices',
  sqlName: 'invoices',
  priority: false,
  // Written only by the sale and payment operations (shared/mutations/sales.ts, payments.ts).
  fields: {},
  search: {
    words: (row) => [row.invoiceNo, row.customerName, row.customerPhone, row.vehicleLicensePlate, plateKey(String(row.vehicleLicensePlate ?? ''))],
    digits: (row) => [row.invoiceNo, row.customerPhone],
  },
  sortKey: (row) => newestFirst(String(row.date || row.createdAt || '')),
  // [status+date]: the bell's past-due invoices, unpaid ones before a day, read without the others.
  deviceIndexes: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey, reviewState, [status+date], localStamp',
});
