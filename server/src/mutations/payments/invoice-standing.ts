import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { MutationTx } from '../mutation-tx';
import { invoiceStanding } from '../../../../shared/mutations/payments';

/** Recomputes the invoice's paid, due and status from all its payments (written in this transaction too). */
export function refreshInvoiceStanding(tx: MutationTx, invoiceId: string, totalCents: number): void {
  const amounts = tx.db.select({ amount: payments.amountCents }).from(payments).where(eq(payments.invoiceId, invoiceId)).all();
  tx.update('invoices', invoiceId, invoiceStanding(totalCents, amounts.map((row) => row.amount)));
}
