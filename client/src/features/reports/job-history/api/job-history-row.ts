import { formatDate } from '@/lib/format-date';
import { formatDay } from '@/lib/document-format';
import type { JobCardRow } from '@shared/schemas/job-card';

/** The report's columns (spec 2.16), in the table and in the PDF. */
export const jobHistoryColumns = ['Date', 'Job #', 'Customer', 'Phone', 'Vehicle', 'Status', 'Invoice'] as const;

export type StatusTone = 'open' | 'finished' | 'suspended' | 'other';

type ReportedJob = Pick<
  JobCardRow,
  'dateIn' | 'jobNumber' | 'customerName' | 'customerPhone' | 'vehicleLicensePlate' | 'vehicleMake' | 'vehicleModel' | 'status' | 'invoiceId' | 'invoiceNo'
>;

/** The badge's colour: open green, finished blue, suspended red, anything else grey. */
export function statusTone(status: string | null | undefined): StatusTone {
  const text = (status ?? '').trim().toLowerCase();
  if (text === 'open') return 'open';
  if (text === 'finished') return 'finished';
  if (text === 'suspended' || text === 'suspend') return 'suspended';
  return 'other';
}

/** The plate and '(make model)' ('' when neither is known), apart: the table keeps a plate on one line. */
export function vehicleParts({ vehicleLicensePlate, vehicleMake, vehicleModel }: Pick<ReportedJob, 'vehicleLicensePlate' | 'vehicleMake' | 'vehicleModel'>): {
  plate: string;
  makeModel: string;
} {
  const makeModel = [vehicleMake, vehicleModel]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return { plate: (vehicleLicensePlate ?? '').trim(), makeModel: makeModel && `(${makeModel})` };
}

/** 'CAB-1234 (Toyota Axio)': the plate, then make and model in brackets when there are any. */
export function vehicleText(job: Pick<ReportedJob, 'vehicleLicensePlate' | 'vehicleMake' | 'vehicleModel'>): string {
  const { plate, makeModel } = vehicleParts(job);
  return [plate, makeModel].filter(Boolean).join(' ');
}

/** The invoice's number; else 'Yes' when the job is invoiced but the number is not here; else 'No'. */
export function invoiceText({ invoiceNo, invoiceId }: Pick<ReportedJob, 'invoiceNo' | 'invoiceId'>): string {
  if (invoiceNo?.trim()) return invoiceNo.trim();
  return invoiceId ? 'Yes' : 'No';
}

/** A job the server has not numbered yet (created offline) shows as pending (decisions.md). */
export const jobNumberText = (jobNumber: string | null | undefined) => jobNumber?.trim() || 'Pending';

/** The search and the period as the PDF's filters line says them: 'Search: perera · Date In 01/11/2026 to 30/11/2026', or 'All jobs'. */
export function filtersLine(search: string, period: { from: string; to: string } = { from: '', to: '' }): string {
  const text = search.trim().replace(/\s+/g, ' ');
  const { from, to } = period;
  const days = from && to ? `Date In ${formatDay(from)} to ${formatDay(to)}` : from ? `Date In from ${formatDay(from)}` : to ? `Date In up to ${formatDay(to)}` : '';
  return [text && `Search: ${text}`, days].filter(Boolean).join(' · ') || 'All jobs';
}

/** One job as the report's cells, in column order (the table's text and the PDF's row). */
export function jobHistoryCells(job: ReportedJob): string[] {
  return [formatDate(job.dateIn), jobNumberText(job.jobNumber), job.customerName ?? '', job.customerPhone ?? '', vehicleText(job), job.status ?? '', invoiceText(job)];
}
