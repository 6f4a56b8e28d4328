import { mutate } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';

/** Adds a service on this device; its SRV number comes from the server when it syncs. */
export async function createService(input: { name: string; price: string }): Promise<string> {
  const id = newRecordId();
  await mutate('createService', { ...input, id });
  return id;
}
