import type { SaleReviewState } from './sale-review';

/**
 * A drawer session's review, judged again as its register's records arrive (issue 27). A register's
 * outbox goes out per author, so on a register two cashiers share, a close (or the next opening) can
 * reach the server before the other cashier's earlier records of the same session. What was raised
 * then only for what had not arrived yet ('expected differs', 'opened while the last was still open')
 * is taken back once it has; anything else raised stays, and a review a Manager has marked is left
 * as they left it.
 */
export interface DrawerReview {
  reviewState: SaleReviewState;
  reviewReason: string;
}

/** The reasons of a review, one sentence each, as they were joined with spaces. */
export function reviewReasons(reason: string): string[] {
  return reason.split(/(?<=\.) (?=[A-Z])/).filter((sentence) => sentence.trim() !== '');
}

/**
 * The review after judging again: the reasons matching `judged` are dropped and `now` (this
 * judgement's own, empty when the session is in order) put in their place. Open with reasons left;
 * nothing to review without; 'reviewed' stays reviewed.
 */
export function rejudgedReview(current: DrawerReview, judged: RegExp, now: readonly string[]): DrawerReview {
  const reasons = [...reviewReasons(current.reviewReason).filter((sentence) => !judged.test(sentence)), ...now];
  const reviewReason = reasons.join(' ');
  if (current.reviewState === 'reviewed') return { reviewState: 'reviewed', reviewReason: current.reviewReason };
  return { reviewState: reasons.length > 0 ? 'open' : '', reviewReason };
}
