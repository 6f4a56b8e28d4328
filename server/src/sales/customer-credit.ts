import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { creditNotes, invoices, payments } from '../db/schema';
import { customerCreditCents, customerCreditMethod } from '@shared/domain/customer-credit';

/**
 * A customer's credit balance as the server holds it (shared/domain/customer-credit.ts): their
 * invoices through the (customerId, date) index, and the credit payments on those invoices.
 */
export async function customerCreditOf(db: Db, customerId: string): Promise<number> {
  const theirs = await db
    .select({ totalCents: invoices.totalCents, returnedCents: invoices.returnedCents, paidCents: invoices.paidCents })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.deleted, false)))
    .all();
  const credit = await db
    .select({ method: payments.method, amountCents: payments.amountCents })
    .from(payments)
    .innerJoin(invoices, eq(payments.invoiceId, invoices.id))
    .where(and(eq(invoices.customerId, customerId), eq(payments.method, customerCreditMethod), eq(payments.deleted, false)))
    .all();
  return customerCreditCents(theirs, credit);
}

/**
 * The part of a customer's credit that exists only through a return still under review (issue 42,
 * point 4): refunds kept as credit on their credit notes with an open review. Spending it is itself
 * reviewed (a push) or refused (REST) until a Manager has looked.
 */
export async function creditUnderReviewOf(db: Db, customerId: string): Promise<number> {
  const rows = await db
    .select({ amountCents: payments.amountCents })
    .from(invoices)
    .innerJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .innerJoin(payments, eq(payments.id, creditNotes.refundPaymentId))
    .where(
      and(
        eq(invoices.customerId, customerId),
        eq(creditNotes.reviewState, 'open'),
        eq(creditNotes.deleted, false),
        eq(payments.method, customerCreditMethod),
        eq(payments.deleted, false),
      ),
    )
    .all();
  return rows.reduce((sum, row) => sum - row.amountCents, 0);
}
