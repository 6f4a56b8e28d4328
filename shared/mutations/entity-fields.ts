import type { SyncedTable } from '../sync/tables';

/**
 * How a mutation's arguments (API units: rupees) become stored row fields (cents), written once
 * so the device's optimistic row and the server's row are the same. A field whose source key is
 * missing from the arguments is left out, which makes an update a per-field patch.
 */
interface FieldSource {
  from: string;
  convert?: (value: unknown) => unknown;
}
type FieldMap = Record<string, FieldSource>;

const same = (...keys: string[]): FieldMap => Object.fromEntries(keys.map((key) => [key, { from: key }]));

export const entityFieldMaps: Record<SyncedTable, FieldMap> = {
  categories: same('name', 'description'),
  customers: {},
  items: {},
  services: {},
  company: {},
};

export function fieldsFromArgs(table: SyncedTable, args: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(entityFieldMaps[table])) {
    const value = args[source.from];
    if (value !== undefined) fields[field] = source.convert ? source.convert(value) : value;
  }
  return fields;
}
