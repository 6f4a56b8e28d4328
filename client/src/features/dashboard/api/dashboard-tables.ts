import type { Table } from 'dexie';
import { db } from '../../../db/instance';
import type { InvoiceRow, PaymentRow } from '../../../../../shared/schemas/sale';
import type { JobCardRow } from '../../../../../shared/schemas/job-card';

// The device's tables as the dashboard reads them.
export const jobCards = db.jobCards as unknown as Table<JobCardRow, string>;
export const invoices = db.invoices as unknown as Table<InvoiceRow, string>;
export const payments = db.payments as unknown as Table<PaymentRow, string>;
export const salesMonths = db.salesMonths;
export const jobCounts = db.jobCounts;
