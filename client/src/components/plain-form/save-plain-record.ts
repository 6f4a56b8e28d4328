import { mutate, mutateEdit } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';
import type { MutationInput, MutationName } from '@shared/mutations/definitions';

/** A plain entity as its form's save needs it: the noun its generic mutations are named by. */
interface Saved {
  problemForm?: { noun: string };
}

const nounOf = (entity: Saved) => {
  if (!entity.problemForm) throw new Error('A plain entity declares its noun (problemForm).');
  return entity.problemForm.noun;
};

/**
 * Saves a plain entity's form on this device and queues it for the server: a new record through its
 * generic create (its id made here, returned), an existing one through its update with only what the
 * user changed since the form showed `original` (per-field last-writer-wins on the server).
 */
export async function savePlainRecord(entity: Saved, original: { id: string } | null | undefined, values: Record<string, string>): Promise<string> {
  const noun = nounOf(entity);
  if (original) {
    await mutateEdit(`update${noun}` as MutationName, original.id, values, original as unknown as Record<string, unknown>);
    return original.id;
  }
  const id = newRecordId();
  await mutate(`create${noun}` as 'createCategory', { ...values, id } as unknown as MutationInput<'createCategory'>);
  return id;
}
