import type { SaleReviewState } from './sale-review';
import { drawerReviewReasons } from '../schemas/drawer';

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

/**
 * The longest a review's reason gets (issue 42: a close sent again and again appended a sentence each
 * time, 309,000 characters in one synced row that every device pulls again after each change).
 */
export const maxReviewReasonLength = 1000;

/** The reasons of a review, one sentence each, as they were joined with spaces. */
export function reviewReasons(reason: string): string[] {
  return reason.split(/(?<=\.) (?=[A-Z])/).filter((sentence) => sentence.trim() !== '');
}

const leftOutNote = /^More reasons not shown: (\d+)\.$/;

/** A review's reasons, and how many its text had left out (its last sentence says). */
function parsedReasons(reason: string): { sentences: string[]; leftOut: number } {
  const sentences = reviewReasons(reason);
  const note = leftOutNote.exec(sentences.at(-1) ?? '');
  return note ? { sentences: sentences.slice(0, -1), leftOut: Number(note[1]) } : { sentences, leftOut: 0 };
}

/**
 * A review's reason text: each sentence once, in order, as many as fit in `maxReviewReasonLength`
 * with room kept for a last sentence that counts those left out (`leftOut` of them already).
 */
export function reasonText(sentences: readonly string[], leftOut = 0): string {
  const room = maxReviewReasonLength - drawerReviewReasons.moreNotShown(Number.MAX_SAFE_INTEGER).length - 1;
  const kept: string[] = [];
  let length = -1;
  let omitted = leftOut;
  for (const sentence of new Set(sentences)) {
    if (length + 1 + sentence.length <= room) {
      kept.push(sentence);
      length += 1 + sentence.length;
    } else omitted += 1;
  }
  return [...kept, ...(omitted > 0 ? [drawerReviewReasons.moreNotShown(omitted)] : [])].join(' ');
}

/**
 * The review with `added` raised: a reason it holds already changes nothing (a close or a pay-in sent
 * again), a new one opens the review, a Manager's mark included: it is something new to look at.
 */
export function raisedReview(current: DrawerReview, added: readonly string[]): DrawerReview {
  const { sentences, leftOut } = parsedReasons(current.reviewReason);
  const fresh = [...new Set(added)].filter((reason) => !sentences.includes(reason));
  if (fresh.length === 0) return current;
  return { reviewState: 'open', reviewReason: reasonText([...sentences, ...fresh], leftOut) };
}

/**
 * The review after judging again: the reasons matching `judged` are dropped and `now` (this
 * judgement's own, empty when the session is in order) put in their place. Open with reasons left;
 * nothing to review without; 'reviewed' stays reviewed.
 */
export function rejudgedReview(current: DrawerReview, judged: RegExp, now: readonly string[]): DrawerReview {
  const { sentences, leftOut } = parsedReasons(current.reviewReason);
  const reasons = [...sentences.filter((sentence) => !judged.test(sentence)), ...now];
  if (current.reviewState === 'reviewed') return { reviewState: 'reviewed', reviewReason: current.reviewReason };
  return { reviewState: reasons.length > 0 || leftOut > 0 ? 'open' : '', reviewReason: reasonText(reasons, leftOut) };
}
