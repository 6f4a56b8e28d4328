import { describe, expect, it } from 'vitest';
import { resolvesDuplicateReview, type SaleReviewState } from './sale-review';

describe('resolvesDuplicateReview', () => {
  const cases: { name: string; reviewState: SaleReviewState; duplicateOfId: string | null; totalCents: number; returnedCentsAfter: number; resolves: boolean }[] = [
    { name: 'an open duplicate returned in full', reviewState: 'open', duplicateOfId: 'first', totalCents: 1_695_000, returnedCentsAfter: 1_695_000, resolves: true },
    {
      name: 'an open duplicate returned in two goes, the second completing it',
      reviewState: 'open',
      duplicateOfId: 'first',
      totalCents: 1_011_750,
      returnedCentsAfter: 1_011_750,
      resolves: true,
    },
    { name: 'an open duplicate returned in part', reviewState: 'open', duplicateOfId: 'first', totalCents: 1_695_000, returnedCentsAfter: 1_694_999, resolves: false },
    {
      name: 'an open review that is not a duplicate (customer deleted)',
      reviewState: 'open',
      duplicateOfId: null,
      totalCents: 50_000,
      returnedCentsAfter: 50_000,
      resolves: false,
    },
    { name: 'a duplicate already marked as reviewed', reviewState: 'reviewed', duplicateOfId: 'first', totalCents: 50_000, returnedCentsAfter: 50_000, resolves: false },
    { name: 'a sale with nothing to review', reviewState: '', duplicateOfId: null, totalCents: 50_000, returnedCentsAfter: 50_000, resolves: false },
    { name: 'a Rs. 0.00 duplicate (free service) with nothing returned yet', reviewState: 'open', duplicateOfId: 'first', totalCents: 0, returnedCentsAfter: 0, resolves: true },
  ];
  it.each(cases)('$name: $resolves', ({ reviewState, duplicateOfId, totalCents, returnedCentsAfter, resolves }) => {
    expect(resolvesDuplicateReview({ reviewState, duplicateOfId, totalCents }, returnedCentsAfter)).toBe(resolves);
  });
});
