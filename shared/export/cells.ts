import { localDay } from '../domain/dashboard';
import { typedDayText } from '../schemas/dates';

// How values are written in the exported cells (issue 43): as the shop reads them, and as the import
// reads them back. Money in rupees with two decimals and no grouping ('1234.50': a grouped '1,234.50'
// would be two cells to a careless reader and no number to ours); quantities with up to two decimals;
// days as dd/MM/yyyy (readTypedDay, shared/schemas/dates.ts, reads them back).

export const moneyCell = (cents: number | null | undefined) => (typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '');

export const quantityCell = (hundredths: number | null | undefined) =>
  typeof hundredths === 'number' && Number.isFinite(hundredths) ? String(Number((hundredths / 100).toFixed(2))) : '';

/**
 * A stored date as the shop's day, dd/MM/yyyy: a day ('2026-11-23', kept as typed) as it is, a moment
 * (ISO) as the day it fell on here (the device's time zone, as the printed documents date it).
 */
export function dayCell(stored: string | null | undefined): string {
  if (!stored) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(stored)) return typedDayText(stored);
  const at = new Date(stored);
  return Number.isNaN(at.getTime()) ? stored : typedDayText(localDay(at));
}

export const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
