import type { GarageDb } from './db';
import { customerCreditCents } from '@shared/domain/customer-credit';

/**
 * A customer's credit balance from this device's rows (shared/domain/customer-credit.ts): their
 * invoices through the [customerId+date] index and the payments on those invoices. Read inside a
 * mutation's transaction (a spend checked against it) and by the screens that show it.
 */
export async function customerCreditOnDevice(db: GarageDb, customerId: string): Promise<number> {
  const theirs = (await db.invoices.where('[customerId+date]').between([customerId, ''], [customerId, '\uffff']).toArray()).filter((invoice) => !invoice.deleted);
  if (theirs.length === 0) return 0;
  const paid = await db.payments
    .where('invoiceId')
    .anyOf(theirs.map((invoice) => invoice.id))
    .toArray();
  return customerCreditCents(
    theirs,
    paid.filter((payment) => !payment.deleted),
  );
}
