/**
 * A whole number with its thousands grouped, as en-US writes it: 1000000 → '1,000,000', -1234 →
 * '-1,234'. Written out rather than with toLocaleString or Intl: the first number format a page makes
 * loads the browser's number data, and the schemas' messages are made when their modules load, on
 * every start of the app (issue 25).
 */
export function groupedWhole(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
