/**
 * Warranty is typed as free text on a job line ('6 Months', '1 year', '90 days'); the warranty
 * certificate needs whole months. Text that names no period ('none', 'lifetime', '') is 0: no
 * warranty to certify.
 */
const units: [RegExp, (n: number) => number][] = [
  [/^(y|yr|yrs|year|years)$/, (n) => n * 12],
  [/^(m|mo|mos|mon|mons|mth|mths|month|months)$/, (n) => n],
  [/^(w|wk|wks|week|weeks)$/, (n) => (n * 7) / 30],
  [/^(d|day|days)$/, (n) => n / 30],
];

export const maxWarrantyMonths = 120;

export function parseWarrantyMonths(text: unknown): number {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? Math.min(maxWarrantyMonths, Math.floor(text)) : 0;
  if (typeof text !== 'string') return 0;
  const match = /(\d+(?:\.\d+)?)\s*([a-z]*)/i.exec(text.trim().toLowerCase());
  if (!match) return 0;
  const amount = Number(match[1]);
  const unit = match[2] ?? '';
  // A bare number is months: the certificate counts months, and that is what '6' means on a job card.
  const toMonths = unit === '' ? (n: number) => n : units.find(([pattern]) => pattern.test(unit))?.[1];
  if (!toMonths) return 0;
  // Part of a month does not make a month: 45 days certify 1 month, 2 weeks none.
  return Math.min(maxWarrantyMonths, Math.floor(toMonths(amount) + 1e-9));
}
