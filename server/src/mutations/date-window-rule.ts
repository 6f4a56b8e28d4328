import { badRequest } from '../http/errors';
import type { MutationTx } from './mutation-tx';
import { isWithinDateWindow } from '@shared/domain/date-window';
import { saleReviewReasons } from '@shared/domain/sale-review';
import { raiseInvoiceReview } from './payments/invoice-review';

/**
 * A sale or payment date far from the server's time (1970, 9999: a device's clock gone wrong) is
 * refused over REST, where nothing has happened yet. In a device's push the sale was printed and the
 * money taken at the counter: it is recorded with the date it carries, never refused (decisions.md,
 * facts stand); a sale's is raised for review (sales/sale-conflicts.ts), a payment's on its invoice.
 */
export function checkDateWindow(tx: MutationTx, date: string, message: string): void {
  if (!tx.fromDevice && !isWithinDateWindow(date, tx.now)) throw badRequest(message);
}

/**
 * A device's payment dated outside the window is recorded with its date; its invoice is raised for
 * review, the date in words (added to a review already open), so a Manager sees it in Sales to Review.
 */
export async function reviewPaymentDate(tx: MutationTx, invoice: Readonly<Record<string, unknown>> & { id: string }, date: string): Promise<void> {
  if (!tx.fromDevice || isWithinDateWindow(date, tx.now)) return;
  await raiseInvoiceReview(tx, invoice, saleReviewReasons.paymentDateOutsideWindow(date));
}
