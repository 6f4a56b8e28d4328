import { eq } from 'drizzle-orm';
import { payments } from '@server/db/schema';
import type { MutationTx } from '../mutation-tx';
import { invoiceStanding } from '@shared/mutations/payments';

/**
 * Recomputes the invoice's paid, due and status from all its payments (written in this transaction
 * too), against `owed`: its total less its returns (owedCents, shared/domain/sales.ts).
 */
export async function refreshInvoiceStanding(tx: MutationTx, invoiceId: string, owed: number): Promise<void> {
  const amounts = await tx.db.select({ amount: payments.amountCents }).from(payments).where(eq(payments.invoiceId, invoiceId)).all();
  await tx.update(
    'invoices',
    invoiceId,
    invoiceStanding(
      owed,
      amounts.map((row) => row.amount),
    ),
  );
}
