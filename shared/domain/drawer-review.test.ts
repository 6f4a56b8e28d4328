import { describe, expect, it } from 'vitest';
import { rejudgedReview, reviewReasons, type DrawerReview } from './drawer-review';
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
