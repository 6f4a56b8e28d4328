import { db } from '../../../db/instance';
import { ValidationError, runLocalUpdate } from '../../../sync/local-mutation';
import { updateItemSchema } from '../../../../../shared/schemas/item';
import { firstIssueMessage } from '../../../../../shared/schemas/messages';
import { assertBarcodeFree } from './assert-barcode-free';
import type { ItemFormValues } from './item-form-values';

/** Saves the fields of an item that changed (per-field last-writer-wins on the server). */
export async function updateItem(id: string, values: ItemFormValues): Promise<void> {
  const parsed = updateItemSchema.safeParse({ ...values, id });
  if (!parsed.success) throw new ValidationError(firstIssueMessage(parsed.error));
  await assertBarcodeFree(values.barcode, id);
  await runLocalUpdate(db, 'updateItem', id, { ...values });
}
