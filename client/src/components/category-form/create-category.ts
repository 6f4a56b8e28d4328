import { mutate } from '@/sync/mutate';
import type { CategoryInput } from '@shared/schemas/category';
import { newRecordId } from '@shared/sync/record-id';

/** Adds a category on this device and queues it for the server; returns its new id. */
export async function createCategory(input: CategoryInput): Promise<string> {
  const id = newRecordId();
  await mutate('createCategory', { ...input, id });
  return id;
}
