import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { supplierBills, supplierPayments, supplierReturns, suppliers } from '../db/schema';
import { formatMoney, fromCents } from '@shared/domain/money';
import { localDay } from '@shared/domain/dashboard';
import { dueDateFromTerms, payableAgingBuckets } from '@shared/domain/payables';
import { payablesReport, type SupplierRecords } from '@shared/reports/payables-aging';
import { isCalendarDay } from '@shared/schemas/dates';
import { billMessages, type SupplierBillRow, type SupplierPaymentRow } from '@shared/schemas/supplier-bill';
import { newRecordId } from '@shared/sync/record-id';

const objectBody = (body: unknown): Record<string, unknown> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
};

const idOf = (given: unknown) => (typeof given === 'string' && given ? given : newRecordId());

/**
 * What the shop owes its suppliers over REST (issue 44, point 6), for Managers and Admins
 * (`purchase`): the aging (`GET /api/payables`, `?today=YYYY-MM-DD`), a bill entered against delivery
 * lines and a payment by bank transfer or cheque, through the same mutations as a device's. Cash
 * comes out of a register's drawer, so it is paid on the register, not here.
 */
export function payablesRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('purchase'));

  app.get('/', async (c) => {
    const today = c.req.query('today')?.trim() || localDay(new Date());
    if (!isCalendarDay(today)) throw badRequest('today must be a date (YYYY-MM-DD).');
    const bySupplier = new Map<string, SupplierRecords & { bills: SupplierBillRow[]; payments: SupplierPaymentRow[]; creditsCents: number[] }>();
    const recordsOf = (supplierId: string, name: string) => {
      let records = bySupplier.get(supplierId);
      if (!records) bySupplier.set(supplierId, (records = { supplierId, supplierName: name, bills: [], payments: [], creditsCents: [] }));
      return records;
    };
    for (const bill of await db.select().from(supplierBills).where(eq(supplierBills.deleted, false)).all())
      recordsOf(bill.supplierId, bill.supplierName).bills.push(bill as SupplierBillRow);
    for (const payment of await db.select().from(supplierPayments).where(eq(supplierPayments.deleted, false)).all())
      recordsOf(payment.supplierId, payment.supplierName).payments.push(payment as SupplierPaymentRow);
    for (const sent of await db.select().from(supplierReturns).where(eq(supplierReturns.deleted, false)).all())
      recordsOf(sent.supplierId, sent.supplierName).creditsCents.push(sent.totalCents);
    const report = payablesReport([...bySupplier.values()], today);
    const money = (aging: Record<string, number>) => Object.fromEntries(payableAgingBuckets.map((bucket) => [bucket, fromCents(aging[bucket] ?? 0)]));
    return c.json({
      today,
      suppliers: report.rows.map((row) => ({
        supplierId: row.supplierId,
        supplierName: row.supplierName,
        openBills: row.openBills,
        owed: fromCents(row.owedCents),
        credit: fromCents(row.creditCents),
        aging: money(row.aging),
        nextDue: row.nextDue,
      })),
      totals: { openBills: report.totals.openBills, owed: fromCents(report.totals.owedCents), credit: fromCents(report.totals.creditCents), aging: money(report.totals.aging) },
    });
  });

  // A bill: `supplier`, `billNo`, `billDate`, `dueDate` (else the bill date + the supplier's terms), `lines` of `receiptLine`, `quantity`, `unitCost`.
  app.post('/bills', async (c) => {
    const body = objectBody(await readJson(c));
    const supplierId = body.supplierId ?? body.supplier;
    const supplier =
      typeof supplierId === 'string'
        ? await db
            .select()
            .from(suppliers)
            .where(and(eq(suppliers.id, supplierId), eq(suppliers.deleted, false)))
            .get()
        : undefined;
    const billDate = body.billDate;
    const dueDate =
      body.dueDate ?? (typeof billDate === 'string' && isCalendarDay(billDate.trim()) ? dueDateFromTerms(billDate.trim(), Number(supplier?.paymentTermsDays ?? 0)) : undefined);
    const lines = Array.isArray(body.lines)
      ? body.lines.map((line: unknown) => {
          if (!line || typeof line !== 'object') return line;
          const given = line as Record<string, unknown>;
          return { ...given, id: idOf(given.id), receiptLineId: given.receiptLineId ?? given.receiptLine };
        })
      : body.lines;
    const bill = (await runMutation(c, deps, 'enterSupplierBill', { ...body, id: idOf(body.id), supplierId, dueDate, lines })) as SupplierBillRow;
    return c.json({ success: true, message: billMessages.entered(bill.billNo), bill: { _id: bill.id, ...billToApi(bill) } }, 201);
  });

  // A payment by bank transfer or cheque: `supplier`, `amount`, `method`, `bill` (else the oldest bills first), `reference`, `note`.
  app.post('/payments', async (c) => {
    const body = objectBody(await readJson(c));
    if (body.method === 'Cash') throw badRequest('Cash to a supplier comes out of a register’s drawer: pay it on the register.');
    const { sessionId: _session, ...rest } = body;
    const billId = body.billId ?? body.bill;
    const payment = (await runMutation(c, deps, 'paySupplier', {
      ...rest,
      id: idOf(body.id),
      supplierId: body.supplierId ?? body.supplier,
      ...(billId ? { billId } : {}),
    })) as SupplierPaymentRow;
    return c.json(
      {
        success: true,
        message: billMessages.paid(formatMoney(payment.amountCents), payment.supplierName),
        payment: {
          _id: payment.id,
          supplierId: payment.supplierId,
          billId: payment.billId,
          amount: fromCents(payment.amountCents),
          method: payment.method,
          reference: payment.reference,
        },
      },
      201,
    );
  });

  return app;
}

function billToApi(bill: SupplierBillRow) {
  return {
    supplierId: bill.supplierId,
    supplierName: bill.supplierName,
    billNo: bill.billNo,
    billDate: bill.billDate,
    dueDate: bill.dueDate,
    total: fromCents(bill.totalCents),
    received: fromCents(bill.receivedCents),
    differs: bill.differs,
  };
}
