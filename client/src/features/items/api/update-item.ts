import { ValidationError } from '@/sync/validation-error';
import { mutate, mutateEdit } from '@/sync/mutate';
import { createItemSchema, type ItemRow } from '@shared/schemas/item';
import { fromHundredths, toHundredths } from '@shared/domain/quantity';
import { strictNumber } from '@shared/schemas/numbers';
import { assertBarcodeFree } from './assert-barcode-free';
import { itemArgsOf, type ItemFormValues } from './item-form-values';
import { newRecordId } from '@shared/sync/record-id';

/**
 * Saves an edit of an item: the catalogue fields the user changed since the form showed
 * `original`, and a changed Stock Quantity as an adjustment of the difference from what the form
 * showed, so a sale made meanwhile on another device still counts.
 */
export async function updateItem(original: ItemRow, values: ItemFormValues): Promise<void> {
  const shownStock = fromHundredths(original.stockHundredths);
  const stockChanged = strictNumber(values.stockQuantity) !== shownStock;
  // The whole form obeys the spec's rules; an untouched stock below zero (sold ahead of a delivery) is not the user's to fix here.
  const args = itemArgsOf(values);
  const parsed = createItemSchema.safeParse({ ...args, stockQuantity: stockChanged ? values.stockQuantity : 0, id: original.id });
  if (!parsed.success) throw ValidationError.from(parsed.error);
  await assertBarcodeFree(values.barcode, original.id);
  await mutateEdit('updateItem', original.id, { ...args }, original as unknown as Record<string, unknown>);
  if (!stockChanged) return;
  const delta = toHundredths(parsed.data.stockQuantity) - original.stockHundredths;
  if (delta !== 0) await mutate('adjustStock', { id: newRecordId(), itemId: original.id, quantity: fromHundredths(delta), reason: 'adjustment' });
}
