import { lineTotalCents } from './money';

/** A job line as both sides store it: exact cents and hundredths. */
export interface JobLineAmounts {
  kind: 'item' | 'service';
  quantityHundredths: number;
  unitPriceCents: number;
}

/** A job line's total: unit price × quantity, rounded to cents once (spec 3: itemPrice, servicePrice). */
export function jobLineTotalCents(line: Pick<JobLineAmounts, 'quantityHundredths' | 'unitPriceCents'>): number {
  return lineTotalCents(line.unitPriceCents, line.quantityHundredths / 100);
}

export interface JobTotals {
  servicesCents: number;
  itemsCents: number;
  totalCents: number;
}

/** The job's totals: sums of line totals (spec 3), services and items apart. */
export function jobTotals(lines: readonly JobLineAmounts[]): JobTotals {
  let servicesCents = 0;
  let itemsCents = 0;
  for (const line of lines) {
    const total = jobLineTotalCents(line);
    if (line.kind === 'service') servicesCents += total;
    else itemsCents += total;
  }
  return { servicesCents, itemsCents, totalCents: servicesCents + itemsCents };
}
