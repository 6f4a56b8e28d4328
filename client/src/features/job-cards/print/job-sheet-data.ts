import type { CompanyRow } from '@shared/schemas/company';
import type { JobCardRow, JobLineRow } from '@shared/schemas/job-card';

export const jobSheetTitle = 'Job Sheet';

/** What the job sheet shows, read from this device alone (it prints offline, at check-in). */
export interface JobSheetData {
  job: JobCardRow;
  /** The live lines so far, in the job's order (byJobLineOrder). */
  lines: JobLineRow[];
  /** The customer's address from their record ('' when the record is not on this device). */
  customerAddress: string;
  /** null when the company details were never saved. */
  company: CompanyRow | null;
}

/** The shop's check-in terms, printed above the signatures. */
export const jobSheetTerms = [
  'The lines listed are the work and parts agreed so far; their total is an estimate.',
  'Further work or parts found necessary are done only once the customer agrees.',
  'Payment is due when the vehicle is collected.',
  'Valuables left in the vehicle are at the owner’s risk.',
] as const;
