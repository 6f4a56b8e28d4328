import { mutate } from '@/sync/mutate';
import { ValidationError } from '@/sync/validation-error';
import { newRecordId } from '@shared/sync/record-id';
import { billMessages } from '@shared/schemas/supplier-bill';

/** A delivery line on the bill being entered, as typed. */
export interface TypedBillLine {
  receiptLineId: string;
  quantity: string;
  unitCost: string;
}

/**
 * Enters the bill as one enterSupplierBill on this device (offline too). Lines left blank are not on
 * it; the shared schema and plan check the rest, so a bad line is the form's message and nothing is
 * written.
 */
export async function enterBill(supplierId: string, fields: { billNo: string; billDate: string; dueDate: string; note: string }, typed: readonly TypedBillLine[]): Promise<string> {
  const lines = typed
    .filter((line) => line.quantity.trim() !== '')
    .map((line) => ({ id: newRecordId(), receiptLineId: line.receiptLineId, quantity: line.quantity.trim(), unitCost: line.unitCost.trim() }));
  if (lines.length === 0) throw new ValidationError(billMessages.noLines);
  const id = newRecordId();
  await mutate('enterSupplierBill', { id, supplierId, ...fields, lines });
  return id;
}
