import { mutate } from '@/sync/mutate';

export async function deleteService(id: string): Promise<void> {
  await mutate('deleteService', { id });
}
