import type { Table } from 'dexie';
import { db } from '../../../db/instance';
import { companyId, type CompanyRow } from '../../../../../shared/schemas/company';
import type { InvoiceLineRow, InvoiceRow, PaymentRow } from '../../../../../shared/schemas/sale';
import type { SaleDocumentsData } from './sale-documents-data';
import { byPaymentTime } from './receipt-figures';

const invoices = db.invoices as unknown as Table<InvoiceRow, string>;
const invoiceLines = db.invoiceLines as unknown as Table<InvoiceLineRow, string>;
const payments = db.payments as unknown as Table<PaymentRow, string>;
const company = db.company as unknown as Table<CompanyRow, string>;

/** The sale's rows in one read transaction; null when this device does not hold the invoice. */
export async function loadSaleDocuments(invoiceId: string): Promise<SaleDocumentsData | null> {
  return db.transaction('r', [db.invoices, db.invoiceLines, db.payments, db.company], async () => {
    const invoice = await invoices.get(invoiceId);
    if (!invoice || invoice.deleted) return null;
    const [lines, paid, details] = await Promise.all([
      invoiceLines.where('invoiceId').equals(invoiceId).toArray(),
      payments.where('invoiceId').equals(invoiceId).toArray(),
      company.get(companyId),
    ]);
    return {
      invoice,
      lines: lines.filter((line) => !line.deleted).sort((a, b) => a.position - b.position),
      payments: paid.filter((payment) => !payment.deleted).sort(byPaymentTime),
      company: details && !details.deleted ? details : null,
    };
  });
}
