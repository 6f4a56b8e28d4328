import type { SyncedTable } from '../sync/tables';
import { entities } from '../entities';

/**
 * The row fields a generic create or update sets from a mutation's arguments (API units: rupees →
 * stored cents), from the entity's declaration (shared/entities), so the device's optimistic row and
 * the server's row are the same. A field whose source key is missing from the arguments is left out,
 * which makes an update a per-field patch.
 */
export function fieldsFromArgs(table: SyncedTable, args: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(entities[table].fields)) {
    const value = args[source.from];
    if (value !== undefined) fields[field] = source.convert ? source.convert(value) : value;
  }
  return fields;
}
