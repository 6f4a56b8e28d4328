import { and, eq, inArray } from 'drizzle-orm';
import { badRequest, notFound } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { acceptedRefundRow, heldRefundMessages, saleReviewMessages } from '@shared/mutations/review';
import { acceptedRefundPaymentId, heldRefundCents } from '@shared/mutations/returns';
import { reviewedBy } from '@shared/domain/sale-review';
import { owedCents } from '@shared/domain/sales';
import type { CreditNoteRow } from '@shared/schemas/return';
import { payments } from '@server/db/schema';
import { refreshInvoiceStanding } from '../payments/invoice-standing';

/** A refund held beyond its lines' worth, accepted by a Manager: paid out now, the review closed (shared/mutations/review.ts). */
export async function acceptHeldRefund(tx: MutationTx, args: MutationArgs<'acceptHeldRefund'>) {
  const note = (await tx.findLive('creditNotes', args.id)) as unknown as CreditNoteRow | undefined;
  if (!note) throw notFound(saleReviewMessages.returnNotFound);
  if (note.invoiceId !== args.invoiceId) throw badRequest(heldRefundMessages.otherInvoice);
  const paidForIt = await tx.db
    .select({ id: payments.id, amountCents: payments.amountCents, register: payments.register })
    .from(payments)
    .where(and(inArray(payments.id, [note.refundPaymentId ?? '', acceptedRefundPaymentId(note.id)]), eq(payments.deleted, false)))
    .all();
  const held = heldRefundCents(note, paidForIt);
  if (held === 0) throw badRequest(heldRefundMessages.nothingHeld);
  const refund = paidForIt.find((payment) => payment.id === note.refundPaymentId);
  await tx.insert('payments', acceptedRefundRow(note, held, refund, tx.user, tx.now), 'This refund was already accepted.');
  const invoice = (await tx.findLive('invoices', note.invoiceId))!;
  await refreshInvoiceStanding(tx, note.invoiceId, owedCents({ totalCents: invoice.totalCents as number, returnedCents: invoice.returnedCents as number }));
  await tx.update('creditNotes', note.id, reviewedBy(tx.user, tx.happenedAt));
  return (await tx.find('creditNotes', note.id))!;
}
