import { mutate } from '@/sync/mutate';
import { ValidationError } from '@/sync/validation-error';
import { newRecordId } from '@shared/sync/record-id';
import { supplierReturnMessages } from '@shared/schemas/supplier-return';

/** A delivery line picked to go back: the quantity typed ('' for none). */
export interface PickedLine {
  receiptLineId: string;
  itemId: string;
  quantity: string;
}

/**
 * Records parts of a delivery sent back to its supplier as one returnToSupplier on this device (a
 * fact, sent when the device is back online). Lines left blank are not part of it; the shared schema
 * checks the quantities and the device's apply refuses more than a line has left, so a bad one is
 * the screen's message and nothing is written.
 */
export async function recordSupplierReturn(receiptId: string, picked: readonly PickedLine[], note: string): Promise<number> {
  const lines = picked
    .filter((line) => line.quantity.trim() !== '')
    .map((line) => ({ id: newRecordId(), receiptLineId: line.receiptLineId, itemId: line.itemId, quantity: line.quantity.trim() }));
  if (lines.length === 0) throw new ValidationError(supplierReturnMessages.noneToReturn);
  await mutate('returnToSupplier', { id: newRecordId(), receiptId, note, lines });
  return lines.length;
}

/** A return raised for review, looked at by a Manager or Admin. */
export async function markSupplierReturnReviewed(id: string): Promise<void> {
  await mutate('markSupplierReturnReviewed', { id });
}
