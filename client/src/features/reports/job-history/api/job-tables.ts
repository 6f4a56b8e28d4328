import type { Table } from 'dexie';
import { db } from '../../../../db/instance';
import type { JobCardRow, JobLineRow } from '../../../../../../shared/schemas/job-card';
import type { CustomerRow } from '../../../customers/api/customer-row';

// The device's tables the report reads, typed as it reads them (the same Dexie tables, so the
// job cards' in-memory search index is shared with the job card screens).
export const jobCards = db.jobCards as unknown as Table<JobCardRow, string>;
export const jobLines = db.jobLines as unknown as Table<JobLineRow, string>;
export const customers = db.customers as unknown as Table<CustomerRow, string>;
