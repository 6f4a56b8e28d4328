import { describe, expect, it } from 'vitest';
import { paidTwiceCents, paidTwiceRefundCents } from './paid-twice';

// Issue 47, point 4: INV-…-00006 owed Rs. 683 (Rs. 2,683, Rs. 2,000 paid); the counter and the tablet
// both took it offline.
const owing = { totalCents: 268_300, returnedCents: 0, paidCents: 200_000 };
const paid = { ...owing, paidCents: 268_300 };

describe('paidTwiceCents: what a payment paid beyond the due, more than its screen meant', () => {
  it.each([
    { name: 'the first to arrive pays the due: nothing', payment: { amountCents: 68_300, dueShownCents: 68_300 }, invoice: owing, beyond: 0 },
    { name: 'the second finds it paid: all of it', payment: { amountCents: 68_300, dueShownCents: 68_300 }, invoice: paid, beyond: 68_300 },
    { name: 'a part payment of it found paid: that part', payment: { amountCents: 30_000, dueShownCents: 68_300 }, invoice: paid, beyond: 30_000 },
    {
      name: 'another device paid half meanwhile: the half beyond',
      payment: { amountCents: 68_300, dueShownCents: 68_300 },
      invoice: { ...owing, paidCents: 234_150 },
      beyond: 34_150,
    },
    { name: 'extra left as credit on purpose: only what the screen did not show', payment: { amountCents: 100_000, dueShownCents: 68_300 }, invoice: owing, beyond: 0 },
    { name: 'extra left as credit, and the due paid elsewhere: the due part', payment: { amountCents: 100_000, dueShownCents: 68_300 }, invoice: paid, beyond: 68_300 },
    { name: 'a settled invoice paid again after the question (due shown 0): nothing', payment: { amountCents: 68_300, dueShownCents: 0 }, invoice: paid, beyond: 0 },
    {
      name: 'a return meanwhile lowered what is owed: the part it took off',
      payment: { amountCents: 68_300, dueShownCents: 68_300 },
      invoice: { ...owing, returnedCents: 18_300 },
      beyond: 18_300,
    },
    { name: 'a correction (negative) is never raised', payment: { amountCents: -68_300, dueShownCents: 0 }, invoice: paid, beyond: 0 },
  ])('$name', ({ payment, invoice, beyond }) => {
    expect(paidTwiceCents(payment, invoice)).toBe(beyond);
  });
});

describe("paidTwiceRefundCents: what 'Refund' hands back", () => {
  it.each([
    { name: 'paid twice: the whole payment', invoice: { ...owing, paidCents: 336_600 }, refund: 68_300 },
    { name: 'overpaid by less (a correction since): what is overpaid', invoice: { ...owing, paidCents: 300_000 }, refund: 31_700 },
    { name: 'overpaid by more (extra left as credit too): the payment only', invoice: { ...owing, paidCents: 400_000 }, refund: 68_300 },
    { name: 'no longer overpaid: nothing', invoice: paid, refund: 0 },
    // Returned twice offline (both credit notes stand): it owes nothing, never less than nothing, so only
    // what was paid is overpaid, and a refund never hands back more than that.
    { name: 'returned beyond its total: at most what was paid', invoice: { totalCents: 20_000, returnedCents: 40_000, paidCents: 10_000 }, refund: 10_000 },
  ])('$name', ({ invoice, refund }) => {
    expect(paidTwiceRefundCents({ amountCents: 68_300 }, invoice)).toBe(refund);
  });
});
