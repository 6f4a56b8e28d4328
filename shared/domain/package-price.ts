import { lineTotalCents, roundHalfAwayFromZero } from './money';

// A canned job's fixed package price (issue 45) shared over its lines, so the job card, the estimate
// and the invoice hold ordinary lines whose totals add up to the package: the invoice's one totals
// rule (shared/domain/sales.ts, invoiceTotals) then gives the package as the subtotal, and each
// line's tax is its share's tax, as for any other line.

export interface PricedLine {
  quantityHundredths: number;
  unitPriceCents: number;
}

export interface SharedPackage<L extends PricedLine> {
  /** The lines with the unit prices that share the package; everything else as given. */
  lines: L[];
  /**
   * What the lines still differ from the package by (0 almost always). Unit prices are whole cents,
   * so when no line's quantity divides the last cents (three lines of 1.5 litres), those cents
   * cannot be placed; the screen says so rather than print a package the lines do not add up to.
   */
  residualCents: number;
}

const totalOf = (line: PricedLine) => lineTotalCents(line.unitPriceCents, line.quantityHundredths / 100);

/**
 * Each line's share of `packageCents`, in proportion to its list total (by quantity when every list
 * price is 0), in whole cents, the cents left over by rounding going to the largest remainders
 * (ties: the earlier line), so the shares add up to the package exactly.
 */
function shares(lines: readonly PricedLine[], packageCents: number): number[] {
  const listed = lines.map(totalOf);
  const weights = listed.some((total) => total > 0) ? listed : lines.map((line) => Math.max(line.quantityHundredths, 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return lines.map((_, index) => (index === 0 ? packageCents : 0));
  const exact = weights.map((weight) => (packageCents * weight) / sum);
  const floors = exact.map(Math.floor);
  let left = packageCents - floors.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

/**
 * The lines priced so that their totals add up to `packageCents`: each line's unit price is its
 * share divided by its quantity (to the cent); what rounding leaves goes onto one line whose
 * quantity takes it whole, preferring a quantity of 1 (a service), then the largest line.
 */
export function sharePackagePrice<L extends PricedLine>(lines: readonly L[], packageCents: number): SharedPackage<L> {
  if (lines.length === 0) return { lines: [], residualCents: packageCents };
  const targets = shares(lines, packageCents);
  const priced = lines.map((line, index) => ({
    ...line,
    unitPriceCents: line.quantityHundredths > 0 ? Math.max(roundHalfAwayFromZero((targets[index]! * 100) / line.quantityHundredths), 0) : 0,
  }));
  let residualCents = packageCents - priced.reduce((sum, line) => sum + totalOf(line), 0);
  if (residualCents === 0) return { lines: priced, residualCents };
  const candidates = priced
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.quantityHundredths > 0 && (residualCents * 100) % line.quantityHundredths === 0)
    .sort((a, b) => Number(b.line.quantityHundredths === 100) - Number(a.line.quantityHundredths === 100) || totalOf(b.line) - totalOf(a.line) || a.index - b.index);
  for (const { line } of candidates) {
    const unitPriceCents = line.unitPriceCents + (residualCents * 100) / line.quantityHundredths;
    if (unitPriceCents < 0) continue;
    line.unitPriceCents = unitPriceCents;
    residualCents = 0;
    break;
  }
  return { lines: priced, residualCents };
}
