import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { invoices, payments } from '../db/schema';
import { customerCreditCents, customerCreditMethod } from '@shared/domain/customer-credit';

/**
 * A customer's credit balance as the server holds it (shared/domain/customer-credit.ts): their
 * invoices through the (customerId, date) index, and the credit payments on those invoices.
 */
export function customerCreditOf(db: Db, customerId: string): number {
  const theirs = db
    .select({ totalCents: invoices.totalCents, returnedCents: invoices.returnedCents, paidCents: invoices.paidCents })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.deleted, false)))
    .all();
  const credit = db
    .select({ method: payments.method, amountCents: payments.amountCents })
    .from(payments)
    .innerJoin(invoices, eq(payments.invoiceId, invoices.id))
    .where(and(eq(invoices.customerId, customerId), eq(payments.method, customerCreditMethod), eq(payments.deleted, false)))
    .all();
  return customerCreditCents(theirs, credit);
}
