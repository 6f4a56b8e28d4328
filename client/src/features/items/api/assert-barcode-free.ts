import { db } from '@/db/instance';
import { ValidationError } from '@/sync/validation-error';

export const barcodeTakenMessage = 'This barcode is already used by another item.';

/**
 * The server refuses a taken barcode (409); checking the device's copy first tells the user at
 * once. Offline, another device's new item may not be here yet: the server still has the last word.
 */
export async function assertBarcodeFree(barcode: string, exceptId?: string): Promise<void> {
  const owners = await db.items.where('barcode').equals(barcode.trim()).primaryKeys();
  if (owners.some((id) => id !== exceptId)) throw new ValidationError(barcodeTakenMessage);
}
