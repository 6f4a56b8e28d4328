import type { PaymentRow } from '../schemas/sale';
import { defineEntity } from './define-entity';

export const paymentsEntity = defineEntity<PaymentRow>()({
  name: 'payments',
  sqlName: 'payments',
  priority: false,
  // Append-only, written by the sale and payment operations.
  fields: {},
  // reviewState: Sales to Review's payments taken on an invoice the server does not hold (issue 42).
  deviceIndexes: 'id, invoiceId, date, bulkId, [register+createdAt], reviewState',
});
