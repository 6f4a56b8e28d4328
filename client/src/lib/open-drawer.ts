import { mutate } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';

/** Opens this register's drawer with the float counted into it, on this device first (offline too). */
export async function openDrawer(float: string): Promise<void> {
  // As typed: the schema refuses what is not a number, with its words.
  await mutate('openDrawer', { id: newRecordId(), float });
}
