import type { InvoiceLineRow } from '../schemas/sale';
import { defineEntity } from './define-entity';

export const invoiceLinesEntity = defineEntity<InvoiceLineRow>()({
  name: 'invoiceLines',
  sqlName: 'invoice_lines',
  priority: false,
  // Written only by the sale operations.
  fields: {},
  deviceIndexes: 'id, invoiceId',
});
