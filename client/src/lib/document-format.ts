import { localDateInput } from './format-date';
import { invoiceDueDate, warrantyExpiry } from '@shared/domain/sales';
import type { TaxSetting } from '@shared/domain/tax-setting';

// Dates on paper are the shop's own days (the device's time zone), written dd/MM/yyyy as on screen;
// the due date and the warranty expiries count from that day.

/** The day (YYYY-MM-DD) a stored moment falls on here; a stored day (an opening balance's date) is that day. */
export const localDay = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : localDateInput(new Date(iso)));

/** 'YYYY-MM-DD' as dd/MM/yyyy. */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return year && month && date ? `${date}/${month}/${year}` : '';
}

export const invoiceDay = (invoiceDate: string) => formatDay(localDay(invoiceDate));

/**
 * The day a payment was made: a recorded payment keeps the day typed ('YYYY-MM-DD', never moved by
 * a time zone); a sale's first payment has the sale's moment (ISO), which falls on the shop's day.
 */
export const paymentDayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : localDay(date));
export const paymentDay = (date: string) => formatDay(paymentDayOf(date));
export const dueDay = (invoiceDate: string, statedDueDate?: string) => formatDay(invoiceDueDate(localDay(invoiceDate), statedDueDate));
export const expiryDay = (invoiceDate: string, months: number) => formatDay(warrantyExpiry(localDay(invoiceDate), months));

export const formatMileage = (km: number | null) => (km === null ? '' : `${km.toLocaleString('en-US')} km`);
export const formatPercent = (percent: number) => `${Number(percent.toFixed(2))}%`;
export const formatMonths = (months: number) => `${months} month${months === 1 ? '' : 's'}`;
/** The tax line of every document's totals: 'Sales Tax (18%)', or 'Sales Tax (8% incl.)' when prices include it. */
export const salesTaxLabel = ({ taxRatePercent, pricesIncludeTax }: TaxSetting) => `Sales Tax (${formatPercent(taxRatePercent)}${pricesIncludeTax ? ' incl.' : ''})`;
