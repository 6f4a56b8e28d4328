import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { customerCreditOf } from '../sales/customer-credit';
import type { AppDeps, AppEnv } from '../http/context';
import { HttpError, badRequest, notFound, readJson } from '../http/errors';
import { requestHashOf, runMutation } from '../http/run-mutation';
import { maxPageSize, readListQuery } from '../http/query-params';
import { applyMutation } from '../sync/apply-mutation';
import { requirePermission } from '../auth/require-auth';
import { customers } from '../db/schema';
import { customerDueCents, dueInvoicesByCustomerName, type DueInvoice } from '../sales/customer-due';
import { checkoutArgsFromBody, lineRefIdsOfBody } from '../sales/invoice-aliases';
import { readAhead } from '../db/read-ahead';
import { companyTaxSetting, findInvoiceOfJob, findLiveInvoice, invoiceToApiOf, invoiceWhere, isServiceId, pageOfInvoices } from '../sales/invoice-reads';
import { serverInvoiceNoToTake } from '../sales/server-invoice-no';
import { pageOfDueInvoices, readDueDate } from '../sales/due-invoices';
import { bulkPaymentInputFromBody, recordPaymentArgsFromBody } from '../sales/payment-aliases';
import { allocateAndRecordBulkPayment, type BulkPaymentOutcome } from '../sales/bulk-payment';
import { formatAmount, fromCents, toCents } from '@shared/domain/money';
import { paymentMessages } from '@shared/schemas/payment';
import type { SyncedRow } from '@shared/sync/tables';
import { newRecordId } from '@shared/sync/record-id';

const dueInvoiceToApi = (invoice: DueInvoice) => ({
  invoiceId: invoice.invoiceId,
  _id: invoice.invoiceId,
  invoiceNo: invoice.invoiceNo,
  date: invoice.date,
  due: fromCents(invoice.dueCents),
});

const invoicePageSize = 50;
/** The due list is one screen of every open invoice: a page is the largest a list gives. */
const dueListPageSize = maxPageSize;
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
 * Sales and dues (spec 7, Sales and dues). Every route needs 'operate' (every role sells and records
 * payments). A sale is the checkoutSale mutation, a payment recordPayment, a bulk payment one
 * recordBulkPayment, as the devices' (Idempotency-Key included); reads are drizzle queries paged in
 * SQL; what is paid and due is the invoice's standing, which every payment write recomputes from all
 * its payments.
 */
export function salesRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  // The spec's invoice body (invoice-aliases.ts). The server recomputes the totals and refuses a
  // total that disagrees; numbers it INV-SRV-… unless the body carries a register's number.
  app.post('/sales-invoices', async (c) => {
    const body = await readJson(c);
    // A body without a number leaves it to the sale's own transaction (recordedInvoiceNo), which reads
    // the server's next one under the writers' lock: no two sales take the same one, in one process or
    // several on one PostgreSQL.
    const services = await readAhead(lineRefIdsOfBody(body), async (id) => isServiceId(db, id));
    const args = checkoutArgsFromBody(body, {
      serverInvoiceNo: () => serverInvoiceNoToTake,
      companyTax: await companyTaxSetting(db),
      isServiceId: services,
    });
    const row = (await runMutation(c, deps, 'checkoutSale', args)) as SyncedRow;
    const invoice = (await findLiveInvoice(db, row.id)) ?? row;
    return c.json({ success: true, message: 'Invoice created', invoice: await invoiceToApiOf(db, invoice) }, 201);
  });

  // Newest first; ?page=&limit= (default 50, largest 500), ?q= (number or customer), ?customerId=, ?from=&to=.
  app.get('/sales-invoices', async (c) => {
    const query = c.req.query();
    const { page, size } = readListQuery(query);
    const limit = size ?? invoicePageSize;
    const where = invoiceWhere({ q: query.q?.trim() ?? '', customerId: query.customerId?.trim() ?? '', ...dateRange(query.from, query.to) });
    const { total, invoices } = await pageOfInvoices(db, where, page, limit);
    return c.json({ success: true, invoices, total, page, pages: Math.max(1, Math.ceil(total / limit)) });
  });

  app.get('/sales-invoices/by-job-card/:jobCardId', async (c) => {
    const invoice = await findInvoiceOfJob(db, c.req.param('jobCardId'));
    if (!invoice) throw notFound(noInvoiceForJobMessage);
    return c.json({ success: true, invoice: await invoiceToApiOf(db, invoice) });
  });

  app.get('/sales-invoices/:id', async (c) => {
    const invoice = await findLiveInvoice(db, c.req.param('id'));
    if (!invoice) throw notFound(notFoundMessage);
    return c.json({ success: true, invoice: await invoiceToApiOf(db, invoice) });
  });

  // ?customerId= (the job card's Due amount) or ?customerName=&details=true (the due list's bulk payment).
  app.get('/due-summary', async (c) => {
    const customerId = c.req.query('customerId')?.trim();
    const customerName = c.req.query('customerName')?.trim();
    const details = c.req.query('details') === 'true';
    if (customerId) {
      const customer = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, customerId), eq(customers.deleted, false)))
        .get();
      if (!customer) throw notFound('Customer not found.');
      const due = fromCents(await customerDueCents(db, customerId));
      // The customer's credit beside what they owe (issue 26): what Customer Credit can still pay.
      return c.json({ success: true, dueAmount: due, totalDue: due, creditBalance: fromCents(await customerCreditOf(db, customerId)) });
    }
    if (customerName) {
      const invoices = await dueInvoicesByCustomerName(db, customerName);
      const due = fromCents(invoices.reduce((sum, invoice) => sum + invoice.dueCents, 0));
      return c.json({ success: true, dueAmount: due, totalDue: due, ...(details ? { invoices: invoices.map(dueInvoiceToApi) } : {}) });
    }
    throw badRequest('No customer selected');
  });

  // The due list (spec 2.12): an array, as spec 7 says, of the invoices still owing, OLDEST FIRST
  // (the order a bulk payment pays them in, and the ones to chase first). ?invoiceNo= and
  // ?customerName= match anywhere in any case, ?date= is the invoice's day (YYYY-MM-DD); they
  // combine. ?page=&limit= page it (default and largest 500); X-Total-Count and X-Total-Due
  // (rupees) tell how many match and what they owe in all, whatever the page.
  app.get('/due-invoices', async (c) => {
    const query = c.req.query();
    const { page, size } = readListQuery(query);
    const filters = { invoiceNo: query.invoiceNo?.trim() ?? '', customerName: query.customerName?.trim() ?? '', date: readDueDate(query.date) };
    const today = new Date().toISOString().slice(0, 10);
    const { total, dueCents, invoices } = await pageOfDueInvoices(db, filters, page, size ?? dueListPageSize, today);
    c.header('X-Total-Count', String(total));
    c.header('X-Total-Due', fromCents(dueCents).toFixed(2));
    return c.json(invoices);
  });

  // One payment on one invoice (spec 7): the body's paymentDate, paymentMethod, payingAmount and
  // note, or date, method, amount. A negative amount is a correction (Admin or Manager, with a note).
  app.put('/due-invoices/:invoiceId/record-payment', async (c) => {
    const body = await readJson(c);
    const args = recordPaymentArgsFromBody(body, c.req.param('invoiceId'));
    const payment = (await runMutation(c, deps, 'recordPayment', args)) as SyncedRow;
    // A retry under the same key answers the payment it recorded the first time, and its invoice now.
    const invoice = await findLiveInvoice(db, String(payment.invoiceId ?? args.invoiceId));
    if (!invoice) throw notFound(notFoundMessage);
    return c.json({
      success: true,
      message: paymentMessages.recorded,
      payment: { _id: payment.id, invoiceId: payment.invoiceId, method: payment.method, amount: fromCents(Number(payment.amountCents)), date: payment.date, note: payment.note },
      invoice: await invoiceToApiOf(db, invoice),
    });
  });

  // A bulk payment (spec 4, Due payment): the server allocates the amount over the customer's open
  // invoices, oldest first, and records all the allocations or none, as one operation (exactly
  // once under the Idempotency-Key: a retry answers the first allocation, not a new one).
  app.post('/bulk-payments', async (c) => {
    const input = bulkPaymentInputFromBody(await readJson(c));
    const key = c.req.header('Idempotency-Key')?.trim();
    if (key !== undefined && (key.length < 8 || key.length > 64)) throw badRequest('Idempotency-Key must be 8 to 64 characters.');
    // Recorded as its own operation (its answer carries the allocations): a key a device's
    // recordBulkPayment used is another operation's here, a 409, never a replay of another shape.
    const request = { id: key || newRecordId(), name: 'allocateBulkPayment', args: input, requestHash: key ? requestHashOf(c) : undefined };
    const outcome = await applyMutation(db, c.get('user'), request, async (tx) => allocateAndRecordBulkPayment(tx, input));
    if (outcome.status === 'rejected') throw new HttpError(outcome.httpStatus as 400, outcome.message);
    if (outcome.at) deps.changes.notify();
    const result = outcome.result as BulkPaymentOutcome;
    return c.json({
      success: true,
      message: paymentMessages.bulkApplied(formatAmount(toCents(result.appliedAmount))),
      bulkId: result.id,
      customerId: result.customerId,
      appliedAmount: result.appliedAmount,
      remainder: result.remainder,
      allocations: result.allocations,
      reference: `Allocations: ${result.allocations.length}`,
    });
  });

  return app;
}
