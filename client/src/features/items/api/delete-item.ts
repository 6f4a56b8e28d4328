import { mutate } from '@/sync/mutate';

export async function deleteItem(id: string): Promise<void> {
  await mutate('deleteItem', { id });
}
