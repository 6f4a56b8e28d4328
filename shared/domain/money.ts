// Money is exact: integer cents inside, rupees with two decimals only at the edges (API, forms).

import { groupedWhole } from './grouped-number';

/**
 * Rounds to a whole number, half away from zero, so a refund line mirrors its sale line
 * (Math.round alone takes -12.5 to -12 but 12.5 to 13). toFixed first corrects binary noise
 * such as 1.005 × 100 = 100.49999; `|| 0` turns -0 into 0.
 */
export function roundHalfAwayFromZero(value: number): number {
  const magnitude = Number(Math.abs(value).toFixed(6));
  return Math.sign(value) * Math.round(magnitude) || 0;
}

/** Rupees (as typed or sent by the API) to integer cents, rounding half away from zero. */
export function toCents(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not a money amount: ${rupees}`);
  return roundHalfAwayFromZero(rupees * 100);
}

/** Integer cents to rupees with two decimals, as the API carries them. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * `1,234.50` for 123450 cents (whole cents, half away from zero). Written out rather than with
 * Intl.NumberFormat: the first number format a page makes loads the browser's number data, about
 * 70 ms of a slow phone's start, in the task that opens the device's database (issue 25).
 */
function amountText(cents: number): string {
  if (!Number.isFinite(cents)) return String(cents);
  const whole = Math.round(Math.abs(cents));
  return `${groupedWhole(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** The one money formatter: `Rs. 1,234.50` (negative: `-Rs. 12.00`). */
export function formatMoney(cents: number): string {
  const text = amountText(cents);
  return cents < 0 ? `-Rs. ${text}` : `Rs. ${text}`;
}

/** Rupee amount without prefix, for fields labelled in LKR: `1,234.50`. */
export function formatAmount(cents: number): string {
  return cents < 0 ? `-${amountText(cents)}` : amountText(cents);
}

/**
 * Line total: price × quantity less a percent discount (clamped 0–100), rounded to cents once,
 * half away from zero (a returned quantity gives the sale's total negated).
 */
export function lineTotalCents(unitPriceCents: number, quantity: number, discountPercent = 0): number {
  const discount = Math.min(100, Math.max(0, discountPercent));
  return roundHalfAwayFromZero(unitPriceCents * quantity * (1 - discount / 100));
}

/**
 * Tax contained in or added to a line total, per the company setting (decisions.md, Tax).
 * Prices including tax: total × rate / (100 + rate). Otherwise: total × rate / 100.
 * Rounded half away from zero, so a negative (returned) line carries the sale's tax negated.
 */
export function lineTaxCents(lineTotal: number, ratePercent: number, pricesIncludeTax: boolean): number {
  if (ratePercent <= 0) return 0;
  const divisor = pricesIncludeTax ? 100 + ratePercent : 100;
  return roundHalfAwayFromZero((lineTotal * ratePercent) / divisor);
}
