import type { JobLineRow } from '../schemas/job-card';
import { defineEntity } from './define-entity';

export const jobLinesEntity = defineEntity<JobLineRow>()({
  name: 'jobLines',
  sqlName: 'job_lines',
  priority: false,
  // Written only by the job card operations (shared/mutations/job-cards.ts).
  fields: {},
  deviceIndexes: 'id, jobCardId',
});
