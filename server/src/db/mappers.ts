import type { SyncedRow } from '../../../shared/sync/tables';

// The one place that turns stored rows into the spec's API shapes (`_id`, rupees).
export function categoryToApi(row: SyncedRow) {
  return { _id: row.id, id: row.id, name: row.name, description: row.description, updatedAt: row.updatedAt };
}
