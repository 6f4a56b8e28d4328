import { mutate } from '@/sync/mutate';

export async function deleteCategory(id: string): Promise<void> {
  await mutate('deleteCategory', { id });
}
