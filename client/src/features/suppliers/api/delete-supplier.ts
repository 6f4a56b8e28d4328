import { mutate } from '@/sync/mutate';

export async function deleteSupplier(id: string): Promise<void> {
  await mutate('deleteSupplier', { id });
}
