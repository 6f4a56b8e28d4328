// Money is exact: integer cents inside, rupees with two decimals only at the edges (API, forms).

/** Rupees (as typed or sent by the API) to integer cents, rounding half away from zero. */
export function toCents(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not a money amount: ${rupees}`);
  // toFixed corrects binary noise such as 1.005 -> 100.49999 before rounding.
  const scaled = Number((Math.abs(rupees) * 100).toFixed(6));
  return Math.sign(rupees) * Math.round(scaled) || 0;
}

/** Integer cents to rupees with two decimals, as the API carries them. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

const grouping = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The one money formatter: `Rs. 1,234.50` (negative: `-Rs. 12.00`). */
export function formatMoney(cents: number): string {
  const text = grouping.format(Math.abs(cents) / 100);
  return cents < 0 ? `-Rs. ${text}` : `Rs. ${text}`;
}

/** Rupee amount without prefix, for fields labelled in LKR: `1,234.50`. */
export function formatAmount(cents: number): string {
  return grouping.format(cents / 100);
}

/** Line total: price × quantity less a percent discount (clamped 0–100), rounded to cents once. */
export function lineTotalCents(unitPriceCents: number, quantity: number, discountPercent = 0): number {
  const discount = Math.min(100, Math.max(0, discountPercent));
  return Math.round(Number((unitPriceCents * quantity * (1 - discount / 100)).toFixed(6)));
}

/**
 * Tax contained in or added to a line total, per the company setting (decisions.md, Tax).
 * Prices including tax: total × rate / (100 + rate). Otherwise: total × rate / 100.
 */
export function lineTaxCents(lineTotal: number, ratePercent: number, pricesIncludeTax: boolean): number {
  if (ratePercent <= 0) return 0;
  const divisor = pricesIncludeTax ? 100 + ratePercent : 100;
  return Math.round(Number(((lineTotal * ratePercent) / divisor).toFixed(6)));
}
