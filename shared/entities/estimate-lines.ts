import type { EstimateLineRow } from '../schemas/estimate';
import { defineEntity } from './define-entity';

export const estimateLinesEntity = defineEntity<EstimateLineRow>()({
  name: 'estimateLines',
  sqlName: 'estimate_lines',
  priority: false,
  // Written only by the estimate operations (shared/mutations/estimates.ts).
  fields: {},
  // decision: the Reminders list's declined work, read by its index.
  deviceIndexes: 'id, estimateId, decision',
});
