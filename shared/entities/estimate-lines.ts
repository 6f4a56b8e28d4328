import type { EstimateLineRow } from '../schemas/estimate';
import { defineEntity } from './define-entity';

export const estimateLinesEntity = defineEntity<EstimateLineRow>()({
  name: 'estimateLines',
  sqlName: 'estimate_lines',
  priority: false,
  // Written only by the estimate operations (shared/mutations/estimates.ts).
  fields: {},
  deviceIndexes: 'id, estimateId',
});
