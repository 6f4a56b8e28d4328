import { db } from '@/db/instance';

// The device's tables the report reads, typed as it reads them (the same Dexie tables, so the
// job cards' in-memory search index is shared with the job card screens).
export const jobCards = db.jobCards;
export const jobLines = db.jobLines;
export const customers = db.customers;
export const creditNotes = db.creditNotes;
