import { db } from '@/db/instance';

// The device's tables as the dashboard reads them.
export const jobCards = db.jobCards;
export const invoices = db.invoices;
export const payments = db.payments;
export const salesMonths = db.salesMonths;
export const jobCounts = db.jobCounts;
export const creditNotes = db.creditNotes;
export const expenses = db.expenses;
