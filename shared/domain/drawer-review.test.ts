import { describe, expect, it } from 'vitest';
import { maxReviewReasonLength, raisedReview, reasonText, rejudgedReview, reviewReasons, type DrawerReview } from './drawer-review';
import { drawerReviewReasons, rejudgedDrawerReasons } from '../schemas/drawer';

const differs = drawerReviewReasons.expectedDiffers('Rs. 10,950.00', 'Rs. 8,950.00');
const differsNow = drawerReviewReasons.expectedDiffers('Rs. 10,950.00', 'Rs. 10,000.50');
const zUsed = drawerReviewReasons.zNumberUsed('Z-AB12-00003');
const openedTwice = drawerReviewReasons.openedTwice('2026-11-27T08:00:00.000Z');
const review = (reviewState: DrawerReview['reviewState'], ...reasons: string[]): DrawerReview => ({ reviewState, reviewReason: reasons.join(' ') });

describe('a drawer session judged again as its records arrive', () => {
  it.each([
    {
      name: 'raised only because a record had not arrived: in order now',
      current: review('open', differs),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [],
      after: review(''),
    },
    {
      name: 'still differs, by another amount: the new figure replaces the old',
      current: review('open', differs),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [differsNow],
      after: review('open', differsNow),
    },
    {
      name: 'in order at the close, differs after a record arrives',
      current: review(''),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [differs],
      after: review('open', differs),
    },
    {
      name: 'another reason stays when the figure comes right',
      current: review('open', differs, zUsed),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [],
      after: review('open', zUsed),
    },
    {
      name: 'another reason stays before a new figure',
      current: review('open', zUsed, differs),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [differsNow],
      after: review('open', zUsed, differsNow),
    },
    {
      name: 'a Manager marked it reviewed: left as it was',
      current: review('reviewed', differs),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [],
      after: review('reviewed', differs),
    },
    { name: 'opened twice, the earlier close since arrived', current: review('open', openedTwice), judged: rejudgedDrawerReasons.openedTwice, now: [], after: review('') },
    {
      name: 'opened twice is not what an expected figure takes back',
      current: review('open', openedTwice),
      judged: rejudgedDrawerReasons.expectedDiffers,
      now: [],
      after: review('open', openedTwice),
    },
  ])('$name', ({ current, judged, now, after }) => {
    expect(rejudgedReview(current, judged, now)).toEqual(after);
  });

  it('splits joined reasons at sentence ends, not inside amounts or times', () => {
    expect(reviewReasons([differs, zUsed, openedTwice].join(' '))).toEqual([differs, zUsed, openedTwice]);
    expect(reviewReasons('')).toEqual([]);
  });
});

describe('a reason raised on a drawer session (issue 42: a reason grew without end)', () => {
  const closedTwice = (n: number) => drawerReviewReasons.closedTwice(`Z-AB12-${String(n).padStart(5, '0')}`);
  const moved = drawerReviewReasons.moveOutsideSession;
  it.each([
    { name: 'a first reason opens the review', current: review(''), added: [moved], after: review('open', moved) },
    { name: 'a reason already raised changes nothing', current: review('open', zUsed, moved), added: [moved], after: review('open', zUsed, moved) },
    { name: 'nor when a Manager has marked it', current: review('reviewed', moved), added: [moved], after: review('reviewed', moved) },
    { name: 'a new reason reopens a marked review', current: review('reviewed', moved), added: [closedTwice(2)], after: review('open', moved, closedTwice(2)) },
    { name: 'the same reason twice at once is raised once', current: review(''), added: [moved, moved], after: review('open', moved) },
    { name: 'nothing to raise changes nothing', current: review(''), added: [], after: review('') },
  ])('$name', ({ current, added, after }) => {
    expect(raisedReview(current, added)).toEqual(after);
  });

  it('keeps the first reasons within the length, and counts those left out', () => {
    let current = review('');
    for (let n = 2; n < 100; n++) current = raisedReview(current, [closedTwice(n)]);
    expect(current.reviewReason.length).toBeLessThanOrEqual(maxReviewReasonLength);
    const kept = reviewReasons(current.reviewReason);
    expect(kept.slice(0, 3)).toEqual([closedTwice(2), closedTwice(3), closedTwice(4)]);
    expect(kept.at(-1)).toBe(drawerReviewReasons.moreNotShown(98 - (kept.length - 1)));
    // Judged again, the count stays, and a reason it takes back makes room.
    const judged = rejudgedReview({ ...current, reviewReason: `${differs} ${current.reviewReason}` }, rejudgedDrawerReasons.expectedDiffers, []);
    expect(judged.reviewReason.length).toBeLessThanOrEqual(maxReviewReasonLength);
    expect(reviewReasons(judged.reviewReason).at(-1)).toMatch(/^More reasons not shown: \d+\.$/);
  });

  it.each([
    { name: 'short reasons are joined whole', sentences: [moved, zUsed], leftOut: 0, text: `${moved} ${zUsed}` },
    { name: 'each reason once', sentences: [moved, zUsed, moved], leftOut: 0, text: `${moved} ${zUsed}` },
    { name: 'a count carried from a cut text is kept', sentences: [moved], leftOut: 4, text: `${moved} ${drawerReviewReasons.moreNotShown(4)}` },
  ])('reasonText: $name', ({ sentences, leftOut, text }) => {
    expect(reasonText(sentences, leftOut)).toBe(text);
  });
});
