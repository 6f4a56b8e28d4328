import { ValidationError } from '@/sync/validation-error';
import { mutate } from '@/sync/mutate';
import { createItemSchema } from '@shared/schemas/item';
import { assertBarcodeFree } from './assert-barcode-free';
import { itemArgsOf, type ItemFormValues } from './item-form-values';
import { newRecordId } from '@shared/sync/record-id';

/** Adds an item on this device (its stock as the opening movement) and queues it; returns its new id. */
export async function createItem(values: ItemFormValues): Promise<string> {
  const id = newRecordId();
  // The spec's form messages come first; the barcode check needs a valid (trimmed) barcode.
  const args = itemArgsOf(values);
  const parsed = createItemSchema.safeParse({ ...args, id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  await assertBarcodeFree(values.barcode);
  await mutate('createItem', { ...args, id });
  return id;
}
