import { ValidationError } from './validation-error';
import { findMutation, type MutationName } from '@shared/mutations/definitions';
import { fieldsFromArgs } from '@shared/mutations/entity-fields';

/**
 * The arguments of an edit that differ from `original` (the row as the form showed it, or as an
 * import found it), after the shared schema has checked and converted them; null when nothing
 * differs, so an edit that changes nothing writes nothing. Kept apart from the device's database, so
 * an import's worker can tell an update from an unchanged record before anything is written.
 */
export function editPatch(name: MutationName, id: string, input: Record<string, unknown>, original: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  const def = findMutation(name);
  if (!def?.entity) throw new Error(`${name} is not an edit of one record`);
  const parsed = def.schema.safeParse({ ...input, id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (key === 'id') continue;
    const fields = fieldsFromArgs(def.entity.table, { [key]: value });
    const changed = !original || Object.entries(fields).some(([field, v]) => JSON.stringify(original[field]) !== JSON.stringify(v));
    if (changed) patch[key] = value;
  }
  return Object.keys(patch).length === 0 ? null : patch;
}
