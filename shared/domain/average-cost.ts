import { roundHalfAwayFromZero } from './money';

// What a part costs the shop (issue 44, point 4): the weighted average of the stock on hand and what
// came in, set by each receipt on both sides from the item as that side holds it (the server's rows
// win). Written once, with its table of cases beside it (average-cost.test.ts).

export interface CostOnHand {
  /** The stock before this movement (hundredths); it may be below zero. */
  stockHundredths: number;
  /** The item's average cost so far (cents a unit). */
  costCents: number;
}

/**
 * The item's cost after `quantityHundredths` come in (or, negative, go back to the supplier) at
 * `unitCostCents` a unit:
 * - received onto stock on hand: (on hand × cost + received × unit cost) ÷ (on hand + received);
 * - received onto stock at or below zero: the receipt's unit cost (what was sold beyond the stock was
 *   never counted at any cost, so it weighs nothing);
 * - a zero-cost receipt (parts the supplier gave) counts, at zero: it lowers the average;
 * - a return to the supplier takes its quantity out at the cost it was received at; when nothing is
 *   left on hand the cost stays as it was, and it never goes below zero.
 * Rounded to the cent, half away from zero.
 */
export function averageCostAfter(onHand: CostOnHand, quantityHundredths: number, unitCostCents: number): number {
  if (quantityHundredths === 0) return onHand.costCents;
  if (quantityHundredths > 0) {
    if (onHand.stockHundredths <= 0) return unitCostCents;
    const total = onHand.stockHundredths + quantityHundredths;
    return roundHalfAwayFromZero((onHand.stockHundredths * onHand.costCents + quantityHundredths * unitCostCents) / total);
  }
  const left = onHand.stockHundredths + quantityHundredths;
  if (left <= 0) return onHand.costCents;
  return Math.max(0, roundHalfAwayFromZero((onHand.stockHundredths * onHand.costCents + quantityHundredths * unitCostCents) / left));
}
