import { mutate } from '@/sync/mutate';

export async function deleteCannedJob(id: string): Promise<void> {
  await mutate('deleteCannedJob', { id });
}
