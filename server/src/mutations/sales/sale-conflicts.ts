import { HttpError, badRequest, conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { openReview, saleReviewReasons } from '@shared/domain/sale-review';
import { saleCustomerOfJob } from '@shared/domain/guest-job';
import { isWithinDateWindow } from '@shared/domain/date-window';
import { saleMessages } from '@shared/schemas/sale';

type Stored = Readonly<Record<string, unknown>>;

/**
 * What a sale disagrees with on the server (docs/decisions.md, Facts stand). Over REST the caller is at
 * the counter as it asks, so each conflict is refused with its message before anything is handed over.
 * From a device the sale has happened (printed, paid, parts given): it is recorded, and each conflict
 * is written into its review. Answers the review to store, or undefined when nothing disagrees.
 */
export function saleConflicts(tx: MutationTx, args: MutationArgs<'checkoutSale'>, customer: Stored | undefined, job: Stored | undefined, found: readonly string[] = []) {
  const reasons: string[] = [...found];
  const raise = (refusal: HttpError, reason: string) => {
    if (!tx.fromDevice) throw refusal;
    reasons.push(reason);
  };
  // Over REST a date outside the window was already refused (checkDateWindow); from a device the sale
  // is recorded with its date and the date is reviewed.
  if (tx.fromDevice && !isWithinDateWindow(args.date, tx.now)) reasons.push(saleReviewReasons.dateOutsideWindow(args.date));
  if (args.customerId && !customer) raise(badRequest('Customer not found. It may have been deleted.'), saleReviewReasons.customerMissing);
  if (customer?.deleted) raise(badRequest('This customer was deleted. Choose another customer or sell as a guest.'), saleReviewReasons.customerDeleted);
  if (args.jobCardId && !job) raise(badRequest('Job card not found. It may have been deleted.'), saleReviewReasons.jobDeleted);
  const soldBefore = !!job?.invoiceId && job.invoiceId !== args.id;
  if (job && soldBefore) {
    raise(conflict(`This job already has invoice ${String(job.invoiceNo)}.`), saleReviewReasons.duplicate(String(job.jobNumber ?? 'without a number'), String(job.invoiceNo)));
  }
  if (job && saleCustomerOfJob(String(job.customerId)) !== args.customerId) {
    raise(badRequest('This job card belongs to another customer.'), saleReviewReasons.otherCustomersJob(String(job.jobNumber ?? 'without a number')));
  }
  // An unfinished job's lines may still change after the sale: only a finished job is sold (issue 24, point 9).
  if (job && job.status !== 'Finished') {
    raise(badRequest(saleMessages.jobNotFinished), saleReviewReasons.jobNotFinished(String(job.jobNumber ?? 'without a number'), String(job.status)));
  }
  return { soldBefore, review: reasons.length > 0 ? openReview(reasons.join(' '), soldBefore ? String(job!.invoiceId) : null) : undefined };
}
