import { mutate } from '@/sync/mutate';

export async function deleteCustomer(id: string): Promise<void> {
  await mutate('deleteCustomer', { id });
}
