import { describe, expect, it } from 'vitest';
import { creditTakenBackShort } from './customer-credit';
import { customerCreditMethod } from '../domain/customer-credit';

// A Rs. 2,700 invoice paid Rs. 3,000: Rs. 300 of it is the customer's credit.
const overpaid = { totalCents: 270_000, paidCents: 300_000 };

describe('creditTakenBackShort', () => {
  it.each([
    ['a payment, not a correction: takes nothing', { method: 'Cash', amountCents: 5_000 }, overpaid, 0, { takenBackCents: 0, spentCents: 0 }],
    [
      'a correction on an invoice paid exactly: takes no credit',
      { method: 'Cash', amountCents: -5_000 },
      { totalCents: 270_000, paidCents: 270_000 },
      0,
      { takenBackCents: 0, spentCents: 0 },
    ],
    ['the Rs. 300 over taken back, all of it still credit', { method: 'Cash', amountCents: -30_000 }, overpaid, 30_000, { takenBackCents: 30_000, spentCents: 0 }],
    ['the Rs. 300 taken back, Rs. 200 of it spent', { method: 'Cash', amountCents: -30_000 }, overpaid, 10_000, { takenBackCents: 30_000, spentCents: 20_000 }],
    ['Rs. 500 taken back: only the Rs. 300 over is credit', { method: 'Card', amountCents: -50_000 }, overpaid, 0, { takenBackCents: 30_000, spentCents: 30_000 }],
    ['credit already below 0: all of it was spent', { method: 'Cash', amountCents: -10_000 }, overpaid, -5_000, { takenBackCents: 10_000, spentCents: 10_000 }],
    ['a correction by customer credit gives credit back', { method: customerCreditMethod, amountCents: -30_000 }, overpaid, 0, { takenBackCents: 0, spentCents: 0 }],
    [
      'a return made the invoice overpaid: same rule',
      { method: 'Cash', amountCents: -20_000 },
      { totalCents: 220_000, returnedCents: 110_000, paidCents: 220_000 },
      110_000,
      { takenBackCents: 20_000, spentCents: 0 },
    ],
  ])('%s', (_name, payment, invoice, balanceCents, expected) => {
    expect(creditTakenBackShort(payment, invoice, balanceCents)).toEqual(expected);
  });
});
