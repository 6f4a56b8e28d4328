import { customerCreditMethod } from './customer-credit';
import { paymentMethodName } from './payment-methods';
import { roundHalfAwayFromZero } from './money';
import { warrantyExpiry } from './sales';

// The arithmetic of a return (docs/decisions.md, Returns), written once for the device, the server
// and the printed credit note. All amounts are integer cents, quantities hundredths.

/** A sale line as far as a return needs it: what was sold and what it came to. */
export interface SoldAmounts {
  quantityHundredths: number;
  totalCents: number;
  taxCents: number;
}

/** What of a sale line can still be returned: sold less every return of it so far (never below 0). */
export function returnableHundredths(soldHundredths: number, returnedHundredths: readonly number[]): number {
  return Math.max(soldHundredths - returnedHundredths.reduce((sum, quantity) => sum + quantity, 0), 0);
}

/** The part of `amount` that `upTo` of `of` carries, rounded half away from zero. */
const shareOf = (amount: number, upTo: number, of: number) => (of === 0 ? 0 : roundHalfAwayFromZero((amount * upTo) / of));

/**
 * What returning `quantity` of a sale line is worth, after `before` of it came back already: the sale's
 * own total and tax (its price, discount and tax at the time of the sale), shared out by quantity.
 * Each return takes the difference of two cumulative shares, so the returns of a whole line add up to
 * exactly its total and tax, however the quantity was split (three returns of a third each included).
 */
export function returnLineAmounts(line: SoldAmounts, before: number, quantity: number): { totalCents: number; taxCents: number } {
  const of = line.quantityHundredths;
  const after = before + quantity;
  return {
    totalCents: shareOf(line.totalCents, after, of) - shareOf(line.totalCents, before, of),
    taxCents: shareOf(line.taxCents, after, of) - shareOf(line.taxCents, before, of),
  };
}

/** A return's totals, as the sale's: the tax is added only when the sale's prices did not include it. */
export function returnTotals(lines: readonly { totalCents: number; taxCents: number }[], pricesIncludeTax: boolean) {
  const subTotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { subTotalCents, taxCents, totalCents: pricesIncludeTax ? subTotalCents : subTotalCents + taxCents };
}

/**
 * How a return's worth is settled: first it reduces what the customer still owes on the invoice, and
 * only the rest is handed back. `owedCents` is the invoice's total less its earlier returns, `paidCents`
 * its payments less earlier refunds.
 */
export function settleReturn(returnCents: number, invoice: { owedCents: number; paidCents: number }): { reducedDueCents: number; refundCents: number } {
  const dueBefore = Math.max(invoice.owedCents - invoice.paidCents, 0);
  const reducedDueCents = Math.min(returnCents, dueBefore);
  return { reducedDueCents, refundCents: returnCents - reducedDueCents };
}

/** What may still be refunded by one method: the invoice's payments by that method, less its refunds by it. */
export function refundableByMethod(payments: readonly { method: string; amountCents: number }[], method: string): number {
  // Kept as the customer's credit, nothing leaves the shop: all that was paid may stay as credit.
  const counted = method === customerCreditMethod ? payments : payments.filter((payment) => paymentMethodName(payment.method) === paymentMethodName(method));
  return Math.max(
    counted.reduce((sum, payment) => sum + payment.amountCents, 0),
    0,
  );
}

/** Days a Staff member may return a sale within; older ones, and scrapping a part, need a Manager or Admin. */
export const staffReturnDays = 30;

/** Whether a return of a sale dated `saleDate`, made on `returnDate`, is older than Staff may return. */
export function beyondStaffWindow(saleDate: string, returnDate: string): boolean {
  const days = (Date.parse(returnDate.slice(0, 10)) - Date.parse(saleDate.slice(0, 10))) / 86_400_000;
  return days > staffReturnDays;
}

/**
 * Whether a line sold on `saleDate` with `months` of warranty is still under it on `returnDate` (its
 * last day included, as the warranty certificate prints it). No warranty: never.
 */
export function warrantyRuns(saleDate: string, months: number, returnDate: string): boolean {
  return months > 0 && returnDate.slice(0, 10) <= warrantyExpiry(saleDate, months);
}
