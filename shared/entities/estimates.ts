import type { EstimateRow } from '../schemas/estimate';
import { newestFirst } from '../domain/search-tokens';
import { defineEntity } from './define-entity';
import { plateKey } from '../domain/search-shape';

/** Estimates (issue 45): written only by their operations (shared/mutations/estimates.ts). */
export const estimatesEntity = defineEntity<EstimateRow>()({
  name: 'estimates',
  sqlName: 'estimates',
  priority: false,
  fields: {},
  search: {
    words: (row) => [row.estimateNumber, row.customerName, row.customerPhone, row.vehicleLicensePlate, plateKey(String(row.vehicleLicensePlate ?? ''))],
    digits: (row) => [row.estimateNumber, row.customerPhone, row.vehicleLicensePlate],
  },
  sortKey: (row) => newestFirst(String(row.createdAt || row.updatedAt || '')),
  // plateKey: a vehicle's declined work at check-in and on its history.
  deviceIndexes: 'id, &estimateNumber, plateKey, customerId, jobCardId, *searchWords, sortKey',
});
