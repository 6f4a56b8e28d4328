import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { requirePermission } from '../auth/require-auth';
import { customers } from '../db/schema';
import { customerDueCents, dueInvoicesByCustomerName, type DueInvoice } from '../sales/customer-due';
import { fromCents } from '../../../shared/domain/money';

const invoiceToApi = (invoice: DueInvoice) => ({
  invoiceId: invoice.invoiceId,
  _id: invoice.invoiceId,
  invoiceNo: invoice.invoiceNo,
  date: invoice.date,
  due: fromCents(invoice.dueCents),
});

/** Sales and dues (spec 7, Sales and dues). Invoices come with issue 8; until then every due is 0. */
export function salesRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  // ?customerId= (the job card's Due amount) or ?customerName=&details=true (the due list's bulk payment).
  app.get('/due-summary', requirePermission('operate'), (c) => {
    const customerId = c.req.query('customerId')?.trim();
    const customerName = c.req.query('customerName')?.trim();
    const details = c.req.query('details') === 'true';
    if (customerId) {
      const customer = db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.deleted, false)))
        .get();
      if (!customer) throw notFound('Customer not found.');
      const due = fromCents(customerDueCents(db, customerId));
      return c.json({ success: true, dueAmount: due, totalDue: due });
    }
    if (customerName) {
      const invoices = dueInvoicesByCustomerName(db, customerName);
      const due = fromCents(invoices.reduce((sum, invoice) => sum + invoice.dueCents, 0));
      return c.json({ success: true, dueAmount: due, totalDue: due, ...(details ? { invoices: invoices.map(invoiceToApi) } : {}) });
    }
    throw badRequest('No customer selected');
  });

  return app;
}
