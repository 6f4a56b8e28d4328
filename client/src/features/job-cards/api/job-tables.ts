import type { Table } from 'dexie';
import { db } from '../../../db/instance';
import type { JobCardRow, JobLineRow, JobStatusChangeRow } from '../../../../../shared/schemas/job-card';

// The device's job tables, typed as the screens read them.
export const jobCards = db.jobCards as unknown as Table<JobCardRow, string>;
export const jobLines = db.jobLines as unknown as Table<JobLineRow, string>;
export const jobStatusChanges = db.jobStatusChanges as unknown as Table<JobStatusChangeRow, string>;
