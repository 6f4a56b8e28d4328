import type { JobStatusChangeRow } from '../schemas/job-card';
import { defineEntity } from './define-entity';

export const jobStatusChangesEntity = defineEntity<JobStatusChangeRow>()({
  name: 'jobStatusChanges',
  sqlName: 'job_status_changes',
  priority: false,
  // Append-only, written by the job card operations.
  fields: {},
  deviceIndexes: 'id, jobCardId',
});
