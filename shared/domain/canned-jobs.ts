import { sharePackagePrice } from './package-price';
import { toHundredths } from './quantity';

// A canned job added to a job card or an estimate (issue 45): its services and parts become ordinary
// lines, priced from the catalogue as it is at that moment (a later price change does not alter a
// job or an estimate already given), and a package price, when the canned job has one, shared over
// them (package-price.ts) so the lines add up to it.

export interface CannedLineRef {
  kind: 'item' | 'service';
  refId: string;
  name: string;
  quantity: number;
}

/** What the catalogue holds now of a line's service or item (undefined: deleted since). */
export interface CatalogueEntry {
  name: string;
  priceCents: number;
  /** A part's warranty in months (0: none); a service carries none. */
  warrantyMonths?: number;
}

export interface PricedCannedLine {
  kind: 'item' | 'service';
  refId: string;
  name: string;
  quantityHundredths: number;
  unitPriceCents: number;
  warranty: string;
}

export interface PricedCannedJob {
  lines: PricedCannedLine[];
  /** Cents of the package the lines could not take (package-price.ts): said on the screen. */
  residualCents: number;
  /** Names of lines whose service or part is no longer in the catalogue: left out, and said. */
  missing: string[];
}

const warrantyText = (months: number | undefined) => (months && months > 0 ? `${months} Months` : '');

/** The canned job's lines as they would be added now, from `lookup` (the catalogue on this device). */
export function priceCannedJob(lines: readonly CannedLineRef[], packagePriceCents: number | null, lookup: (line: CannedLineRef) => CatalogueEntry | undefined): PricedCannedJob {
  const missing: string[] = [];
  const priced: PricedCannedLine[] = [];
  for (const line of lines) {
    const entry = lookup(line);
    if (!entry) {
      missing.push(line.name);
      continue;
    }
    priced.push({
      kind: line.kind,
      refId: line.refId,
      name: entry.name,
      quantityHundredths: toHundredths(line.quantity),
      unitPriceCents: entry.priceCents,
      warranty: line.kind === 'item' ? warrantyText(entry.warrantyMonths) : '',
    });
  }
  // A package priced over lines some of which are gone would charge the rest for them: list prices then.
  if (packagePriceCents === null || missing.length > 0 || priced.length === 0) return { lines: priced, residualCents: 0, missing };
  const shared = sharePackagePrice(priced, packagePriceCents);
  return { lines: shared.lines, residualCents: shared.residualCents, missing };
}
