import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, notFound, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { readListQuery } from '../http/query-params';
import { requirePermission } from '../auth/require-auth';
import { customers } from '../db/schema';
import { customerDueCents, dueInvoicesByCustomerName, type DueInvoice } from '../sales/customer-due';
import { checkoutArgsFromBody } from '../sales/invoice-aliases';
import { companyTaxSetting, findInvoiceOfJob, findLiveInvoice, invoiceToApiOf, invoiceWhere, isServiceId, pageOfInvoices } from '../sales/invoice-reads';
import { peekServerInvoiceNo } from '../sales/server-invoice-no';
import { fromCents } from '../../../shared/domain/money';
import type { SyncedRow } from '../../../shared/sync/tables';

const dueInvoiceToApi = (invoice: DueInvoice) => ({
  invoiceId: invoice.invoiceId,
  _id: invoice.invoiceId,
  invoiceNo: invoice.invoiceNo,
  date: invoice.date,
  due: fromCents(invoice.dueCents),
});

const invoicePageSize = 50;
const notFoundMessage = 'Invoice not found.';
const noInvoiceForJobMessage = 'No invoice found for this job.';

/** ?from= / ?to=: a date (YYYY-MM-DD) or a date and time; a date-only ?to= takes in that whole day. A bad one is a 400. */
function dateRange(fromText: string | undefined, toText: string | undefined) {
  const read = (value: string | undefined, name: string) => {
    const text = value?.trim();
    if (!text) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(text))) throw badRequest(`${name} must be a date (YYYY-MM-DD) or a date and time (ISO 8601).`);
    return { text, iso: new Date(text).toISOString(), dateOnly: /^\d{4}-\d{2}-\d{2}$/.test(text) };
  };
  const from = read(fromText, 'from');
  const to = read(toText, 'to');
  const dayAfter = (iso: string) => new Date(Date.parse(iso) + 86_400_000).toISOString();
  return { from: from?.iso, to: to && !to.dateOnly ? to.iso : undefined, toExclusive: to?.dateOnly ? dayAfter(to.iso) : undefined };
}

/**
 * Sales and dues (spec 7, Sales and dues). Every route needs 'operate' (every role sells). A sale
 * is the checkoutSale mutation, as the register's (Idempotency-Key included); reads are drizzle
 * queries paged in SQL; what is paid and due is derived from the payments.
 */
export function salesRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  // The spec's invoice body (invoice-aliases.ts). The server recomputes the totals and refuses a
  // total that disagrees; numbers it INV-SRV-… unless the body carries a register's number.
  app.post('/sales-invoices', async (c) => {
    const body = await readJson(c);
    // From here to the answer nothing yields: the peeked number cannot be taken by another request.
    const args = checkoutArgsFromBody(body, {
      serverInvoiceNo: () => peekServerInvoiceNo(db),
      companyTax: companyTaxSetting(db),
      isServiceId: (id) => isServiceId(db, id),
    });
    const row = runMutation(c, deps, 'checkoutSale', args) as SyncedRow;
    const invoice = findLiveInvoice(db, row.id) ?? row;
    return c.json({ success: true, message: 'Invoice created', invoice: invoiceToApiOf(db, invoice) }, 201);
  });

  // Newest first; ?page=&limit= (default 50, largest 500), ?q= (number or customer), ?customerId=, ?from=&to=.
  app.get('/sales-invoices', (c) => {
    const query = c.req.query();
    const { page, size } = readListQuery(query);
    const limit = size ?? invoicePageSize;
    const where = invoiceWhere({ q: query.q?.trim() ?? '', customerId: query.customerId?.trim() ?? '', ...dateRange(query.from, query.to) });
    const { total, invoices } = pageOfInvoices(db, where, page, limit);
    return c.json({ success: true, invoices, total, page, pages: Math.max(1, Math.ceil(total / limit)) });
  });

  app.get('/sales-invoices/by-job-card/:jobCardId', (c) => {
    const invoice = findInvoiceOfJob(db, c.req.param('jobCardId'));
    if (!invoice) throw notFound(noInvoiceForJobMessage);
    return c.json({ success: true, invoice: invoiceToApiOf(db, invoice) });
  });

  app.get('/sales-invoices/:id', (c) => {
    const invoice = findLiveInvoice(db, c.req.param('id'));
    if (!invoice) throw notFound(notFoundMessage);
    return c.json({ success: true, invoice: invoiceToApiOf(db, invoice) });
  });

  // ?customerId= (the job card's Due amount) or ?customerName=&details=true (the due list's bulk payment).
  app.get('/due-summary', (c) => {
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
      return c.json({ success: true, dueAmount: due, totalDue: due, ...(details ? { invoices: invoices.map(dueInvoiceToApi) } : {}) });
    }
    throw badRequest('No customer selected');
  });

  return app;
}
