import { describe, expect, it } from 'vitest';
import { cashRoundingCents, roundsToRupee } from './cash-rounding';

// Issue 47: cents in cash sales made a difference at every close. A shop may round a cash sale's
// total to the rupee; the difference is the invoice's rounding line.
describe('rounding a cash total to the rupee', () => {
  it.each([
    { totalCents: 1_135_000, roundingCents: 0 },
    { totalCents: 1_135_035, roundingCents: -35 },
    { totalCents: 1_135_049, roundingCents: -49 },
    { totalCents: 1_135_050, roundingCents: 50 },
    { totalCents: 1_135_099, roundingCents: 1 },
    { totalCents: 1, roundingCents: -1 },
    { totalCents: 0, roundingCents: 0 },
    { totalCents: 2_259_700, roundingCents: 0 }, // Rs. 22,597.00 (18 % added to Rs. 19,150.00)
    { totalCents: 292_118, roundingCents: -18 }, // Rs. 2,921.18
  ])('Rs. $totalCents cents rounds by $roundingCents', ({ totalCents, roundingCents }) => {
    expect(cashRoundingCents(totalCents)).toBe(roundingCents);
    expect((totalCents + roundingCents) % 100).toBe(0);
  });

  it.each([
    { roundCash: true, method: 'Cash', rounds: true },
    { roundCash: true, method: 'Card', rounds: false },
    { roundCash: true, method: 'Credit', rounds: false },
    { roundCash: false, method: 'Cash', rounds: false },
    { roundCash: undefined, method: 'Cash', rounds: false },
  ])('the setting $roundCash, paid by $method: rounds $rounds', ({ roundCash, method, rounds }) => {
    expect(roundsToRupee({ roundCash }, method)).toBe(rounds);
  });
});
