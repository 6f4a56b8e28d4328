import { describe, expect, it } from 'vitest';
import { paidTwiceMessages, paidTwiceSettlement, type PaidTwiceChoice } from './review';
import { saleReviewReasons } from '../domain/sale-review';
import { paymentMessages } from '../schemas/payment';

// Issue 47, point 4: what 'Refund' and 'Keep as credit' may do with a payment taken twice, written
// once for the device (which refuses before money is handed back) and the server.
const raised = {
  id: 'p2',
  invoiceId: 'i6',
  customerId: 'c1',
  method: 'Cash',
  amountCents: 68_300,
  reviewState: 'open' as const,
  reviewReason: saleReviewReasons.paidTwice('Rs. 683.00', 'INV-DTAB1-00006'),
};
const overpaid = { totalCents: 268_300, returnedCents: 0, paidCents: 336_600, guest: false };

describe('paidTwiceSettlement', () => {
  it.each<{ name: string; payment?: Partial<typeof raised>; invoice?: Partial<typeof overpaid>; choice: PaidTwiceChoice; balance?: number; outcome: unknown }>([
    { name: 'refund: the whole payment', choice: 'refund', outcome: { refundCents: 68_300, write: true } },
    { name: 'keep as credit: nothing handed back', choice: 'credit', outcome: { refundCents: 0, write: true } },
    {
      name: 'refund of an invoice overpaid by less now: what is overpaid',
      invoice: { paidCents: 300_000 },
      choice: 'refund',
      balance: 31_700,
      outcome: { refundCents: 31_700, write: true },
    },
    { name: 'refund when nothing is overpaid now: refused', invoice: { paidCents: 268_300 }, choice: 'refund', outcome: { refusal: paidTwiceMessages.nothingOverpaid } },
    { name: 'refund of credit spent since: refused', choice: 'refund', balance: 0, outcome: { refusal: paymentMessages.creditAlreadySpent('Rs. 683.00') } },
    { name: 'refund of credit half spent since: refused for the half', choice: 'refund', balance: 34_150, outcome: { refusal: paymentMessages.creditAlreadySpent('Rs. 341.50') } },
    { name: "a guest's: credit refused", invoice: { guest: true }, choice: 'credit', outcome: { refusal: paidTwiceMessages.guestCredit } },
    { name: "a guest's: refunded, no credit to check", invoice: { guest: true }, choice: 'refund', balance: 0, outcome: { refundCents: 68_300, write: true } },
    { name: 'already settled: a refund refused', payment: { reviewState: 'reviewed' as never }, choice: 'refund', outcome: { refusal: paidTwiceMessages.settled } },
    { name: 'already settled: keeping it as credit changes nothing', payment: { reviewState: 'reviewed' as never }, choice: 'credit', outcome: { refundCents: 0, write: false } },
    {
      name: 'a payment raised for another reason: refused',
      payment: { reviewReason: saleReviewReasons.paymentWithoutSale },
      choice: 'credit',
      outcome: { refusal: paidTwiceMessages.notRaised },
    },
  ])('$name', ({ payment, invoice, choice, balance = 68_300, outcome }) => {
    expect(paidTwiceSettlement({ ...raised, ...payment }, { ...overpaid, ...invoice }, choice, balance)).toEqual(outcome);
  });
});
