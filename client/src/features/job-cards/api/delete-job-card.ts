import { mutate } from '@/sync/mutate';

export async function deleteJobCard(id: string): Promise<void> {
  await mutate('deleteJobCard', { id });
}
