import { db } from '@/db/instance';
import { companyId } from '@shared/schemas/company';
import type { InvoiceRow } from '@shared/schemas/sale';
import { bulkReceiptData, type BulkReceiptData } from './bulk-receipt-data';

const payments = db.payments;
const invoices = db.invoices;
const customers = db.customers;
const company = db.company;

/** A bulk payment's receipt from this device's rows (index 'bulkId', Dexie v9) in one read transaction; null when it is not here. */
export async function loadBulkReceipt(bulkId: string): Promise<BulkReceiptData | null> {
  return db.transaction('r', [db.payments, db.invoices, db.customers, db.company], async () => {
    const allocations = (await payments.where('bulkId').equals(bulkId).toArray()).filter((payment) => !payment.deleted);
    const customerId = allocations.find((payment) => payment.customerId)?.customerId ?? null;
    const [bills, customer, details] = await Promise.all([
      invoices.bulkGet([...new Set(allocations.map((payment) => payment.invoiceId))]),
      customerId ? customers.get(customerId) : undefined,
      company.get(companyId),
    ]);
    const byId = new Map(bills.filter((invoice): invoice is InvoiceRow => !!invoice).map((invoice) => [invoice.id, invoice]));
    return bulkReceiptData(bulkId, allocations, byId, customer && !customer.deleted ? customer : null, details && !details.deleted ? details : null);
  });
}
