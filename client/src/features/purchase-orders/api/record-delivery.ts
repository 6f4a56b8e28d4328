import { mutate } from '@/sync/mutate';
import { ValidationError } from '@/sync/validation-error';
import { newRecordId } from '@shared/sync/record-id';
import { receiptMessages } from '@shared/schemas/receipt';

/** A part counted in: the order line it is for (none for a part not on the order) and the quantity typed. */
export interface CountedLine {
  key: string;
  itemId: string;
  itemName: string;
  barcode: string;
  orderLineId?: string;
  quantity: string;
}

/**
 * Records what came as one receiveGoods on this device (a fact: it is never refused by the server,
 * and it is sent when the tablet is back online). Lines left blank are not part of it; the shared
 * schema checks the quantities, so a bad one is the screen's message and nothing is written.
 */
export async function recordDelivery(orderId: string, counted: readonly CountedLine[], note: string): Promise<number> {
  const lines = counted
    .filter((line) => line.quantity.trim() !== '')
    .map((line) => ({ id: newRecordId(), itemId: line.itemId, ...(line.orderLineId ? { orderLineId: line.orderLineId } : {}), quantity: line.quantity.trim() }));
  if (lines.length === 0) throw new ValidationError(receiptMessages.noLines);
  await mutate('receiveGoods', { id: newRecordId(), orderId, note, lines });
  return lines.length;
}

/** A delivery raised for review, looked at by a Manager or Admin. */
export async function markDeliveryReviewed(id: string): Promise<void> {
  await mutate('markReceiptReviewed', { id });
}
