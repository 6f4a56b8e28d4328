import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import {
  acceptedRefundRow,
  heldRefundMessages,
  paidTwiceMessages,
  paidTwiceRefundRow,
  paidTwiceSettlement,
  reviewedNotFound,
  reviewedTable,
  saleReviewMessages,
} from '@shared/mutations/review';
import { customerCreditOnDevice } from '@/db/customer-credit';
import { acceptedRefundPaymentId, heldRefundCents } from '@shared/mutations/returns';
import { invoiceStanding } from '@shared/mutations/payments';
import { owedCents } from '@shared/domain/sales';
import type { CreditNoteRow } from '@shared/schemas/return';
import type { PaymentRow } from '@shared/schemas/sale';
import { reviewedBy } from '@shared/domain/sale-review';

/** The device's half of server/src/mutations/review/mark-sale-reviewed.ts. */
export async function markSaleReviewed(tx: LocalTx, args: MutationArgs<'markSaleReviewed'>): Promise<void> {
  const table = reviewedTable(args.kind);
  const row = await tx.get(table, args.id);
  if (!row) throw new ValidationError(reviewedNotFound(args.kind));
  if (row.reviewState !== 'open') return;
  await tx.patch(table, args.id, reviewedBy(tx.author, tx.now));
}

/** The invoice's paid, due and status from the device's payments of it. */
async function refreshStanding(tx: LocalTx, invoiceId: string): Promise<void> {
  const invoice = await tx.get('invoices', invoiceId);
  if (!invoice) return;
  const amounts = (await tx.db.payments.where('invoiceId').equals(invoiceId).toArray()).filter((payment) => !payment.deleted).map((payment) => payment.amountCents);
  await tx.patch('invoices', invoiceId, invoiceStanding(owedCents({ totalCents: invoice.totalCents as number, returnedCents: Number(invoice.returnedCents ?? 0) }), amounts));
}

/** The device's half of server/src/mutations/review/settle-paid-twice.ts: refused in words before any money is handed back. */
export async function settlePaidTwice(tx: LocalTx, args: MutationArgs<'settlePaidTwice'>): Promise<void> {
  const payment = (await tx.get('payments', args.id)) as unknown as PaymentRow | undefined;
  if (!payment || payment.deleted) throw new ValidationError(saleReviewMessages.paymentNotFound);
  const invoice = await tx.get('invoices', payment.invoiceId);
  if (payment.invoiceId !== args.invoiceId || !invoice) throw new ValidationError(paidTwiceMessages.otherInvoice);
  const customerId = invoice.guest ? null : ((invoice.customerId as string | null) ?? null);
  const settlement = paidTwiceSettlement(payment, invoice, args.choice, customerId ? await customerCreditOnDevice(tx.db, customerId) : 0);
  if ('refusal' in settlement) throw new ValidationError(settlement.refusal);
  if (!settlement.write) return;
  if (settlement.refundCents > 0) {
    await tx.put('payments', paidTwiceRefundRow(payment, settlement.refundCents, String(invoice.invoiceNo), args.date, tx.author, tx.occurred));
    await refreshStanding(tx, payment.invoiceId);
  }
  await tx.patch('payments', payment.id, reviewedBy(tx.author, tx.now));
}

/** The device's half of server/src/mutations/review/accept-held-refund.ts. */
export async function acceptHeldRefund(tx: LocalTx, args: MutationArgs<'acceptHeldRefund'>): Promise<void> {
  const note = (await tx.get('creditNotes', args.id)) as unknown as CreditNoteRow | undefined;
  if (!note || (note as { deleted?: boolean }).deleted) throw new ValidationError(saleReviewMessages.returnNotFound);
  if (note.invoiceId !== args.invoiceId) throw new ValidationError(heldRefundMessages.otherInvoice);
  const found = await tx.db.payments.bulkGet([note.refundPaymentId ?? '', acceptedRefundPaymentId(note.id)]);
  const paidForIt = found.filter((payment) => payment && !payment.deleted) as PaymentRow[];
  const held = heldRefundCents(note, paidForIt);
  if (held === 0) throw new ValidationError(heldRefundMessages.nothingHeld);
  const refund = paidForIt.find((payment) => payment.id === note.refundPaymentId);
  await tx.put('payments', acceptedRefundRow(note, held, refund, tx.author, ''));
  await refreshStanding(tx, note.invoiceId);
  await tx.patch('creditNotes', note.id, reviewedBy(tx.author, tx.now));
}
