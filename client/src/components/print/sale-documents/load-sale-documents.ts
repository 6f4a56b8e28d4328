import { db } from '@/db/instance';
import { companyId } from '@shared/schemas/company';
import type { SaleDocumentsData } from './sale-documents-data';
import { byPaymentTime } from './receipt-figures';

const invoices = db.invoices;
const invoiceLines = db.invoiceLines;
const payments = db.payments;
const company = db.company;
const jobCards = db.jobCards;

/** The sale's rows in one read transaction; null when this device does not hold the invoice. */
export async function loadSaleDocuments(invoiceId: string): Promise<SaleDocumentsData | null> {
  return db.transaction('r', [db.invoices, db.invoiceLines, db.payments, db.company, db.jobCards, db.creditNotes], async () => {
    const invoice = await invoices.get(invoiceId);
    if (!invoice || invoice.deleted) return null;
    const [lines, paid, details, job, returns] = await Promise.all([
      invoiceLines.where('invoiceId').equals(invoiceId).toArray(),
      payments.where('invoiceId').equals(invoiceId).toArray(),
      company.get(companyId),
      invoice.jobCardId ? jobCards.get(invoice.jobCardId) : undefined,
      db.creditNotes.where('invoiceId').equals(invoiceId).toArray(),
    ]);
    return {
      invoice,
      lines: lines.filter((line) => !line.deleted).sort((a, b) => a.position - b.position),
      payments: paid.filter((payment) => !payment.deleted).sort(byPaymentTime),
      company: details && !details.deleted ? details : null,
      jobNumber: job?.jobNumber ?? null,
      creditNotes: returns.filter((note) => !note.deleted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    };
  });
}
