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

/** What the job's order needs of a line. */
export interface JobLineOrderFields {
  id: string;
  kind: 'item' | 'service';
  name: string;
  createdAt: string;
}

/**
 * The one order of a job's lines, wherever they show (Job Detail, the register's cart, the invoice):
 * services first, then parts, as the invoice reads (work done, then what was fitted); within each,
 * in the order they were added. Lines saved together share their time, so they go by name (then id),
 * the same on every device rather than by their random ids.
 */
export function byJobLineOrder(a: JobLineOrderFields, b: JobLineOrderFields): number {
  const kindRank = (line: JobLineOrderFields) => (line.kind === 'service' ? 0 : 1);
  return kindRank(a) - kindRank(b) || a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
