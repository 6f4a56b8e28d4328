import type { LocalTx } from '../local-tx';
import { customerCreditOnDevice } from '@/db/customer-credit';
import { creditSpendRefusal, creditTakenBackShort } from '@shared/mutations/customer-credit';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { bulkPaymentRowOf, invoiceStanding, paymentRowOf } from '@shared/mutations/payments';
import { paymentMessages } from '@shared/schemas/payment';
import { formatMoney, toCents } from '@shared/domain/money';
import { owedCents } from '@shared/domain/sales';
import { can } from '@shared/domain/permissions';

// The device's halves of server/src/mutations/payments: the same payment rows, and the invoice's
// standing recomputed from the device's payments by the same shared function.

async function refreshStanding(tx: LocalTx, invoiceId: string): Promise<void> {
  const invoice = await tx.get('invoices', invoiceId);
  if (!invoice) return;
  const amounts = (await tx.db.payments.where('invoiceId').equals(invoiceId).toArray()).map((row) => Number(row.amountCents));
  await tx.patch('invoices', invoiceId, invoiceStanding(owedCents(invoice), amounts));
}

export async function recordPayment(tx: LocalTx, args: MutationArgs<'recordPayment'>): Promise<void> {
  const invoice = await tx.get('invoices', args.invoiceId);
  if (!invoice) throw new ValidationError('Invoice not found.');
  const amountCents = toCents(args.amount);
  if (amountCents < 0) {
    if (!can(tx.author.role, 'correctPayments')) throw new ValidationError(paymentMessages.correctionRole);
    if (!args.note.trim()) throw new ValidationError(paymentMessages.correctionReason, 'note');
  }
  const customerId = invoice.guest ? null : ((invoice.customerId as string | null) ?? null);
  const balanceCents = customerId ? await customerCreditOnDevice(tx.db, customerId) : 0;
  const credit = creditSpendRefusal({
    method: args.method,
    spendCents: amountCents,
    hasAccount: customerId !== null,
    changeCents: args.tendered === undefined ? 0 : toCents(args.tendered) - amountCents,
    balanceCents,
  });
  if (credit) throw new ValidationError(credit.message, 'amount');
  // A correction may not take back credit the customer has spent (shared/mutations/customer-credit.ts).
  const short = customerId ? creditTakenBackShort({ method: args.method, amountCents }, invoice, balanceCents) : { spentCents: 0 };
  if (short.spentCents > 0) throw new ValidationError(paymentMessages.creditAlreadySpent(formatMoney(short.spentCents)), 'amount');
  await tx.put('payments', paymentRowOf(args, invoice, tx.author, tx.occurred));
  await refreshStanding(tx, args.invoiceId);
}

export async function recordBulkPayment(tx: LocalTx, args: MutationArgs<'recordBulkPayment'>): Promise<void> {
  const allocated = args.allocations.reduce((sum, allocation) => sum + toCents(allocation.amount), 0);
  const credit = creditSpendRefusal({
    method: args.method,
    spendCents: allocated,
    hasAccount: true,
    changeCents: toCents(args.amount) - allocated,
    balanceCents: await customerCreditOnDevice(tx.db, args.customerId),
  });
  if (credit) throw new ValidationError(credit.message, 'amount');
  for (const allocation of args.allocations) {
    await tx.put('payments', bulkPaymentRowOf(args, allocation, tx.author, tx.occurred));
    await refreshStanding(tx, allocation.invoiceId);
  }
}
