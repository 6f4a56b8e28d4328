import { mutate } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';

/** 'Create & Add': a new item with this name and price (stock 0, the default category); answers its id. */
export async function quickCreateItem(itemName: string, unitPrice: string): Promise<string> {
  const id = newRecordId();
  await mutate('quickCreateItem', { id, itemName, unitPrice });
  return id;
}
