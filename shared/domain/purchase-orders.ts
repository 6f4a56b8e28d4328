import type { PurchaseOrderStatus } from '../schemas/purchase-order';

// What an order's lines say of it (issue 44), written once for both sides, every screen and the
// server's reports. Nothing here is typed by anyone: what is still to come and the order's status
// follow from what was ordered, received and cancelled, as an invoice's due follows from its payments.

export interface LineQuantities {
  quantityHundredths: number;
  receivedHundredths: number;
  cancelledHundredths: number;
}

/** Still to come: ordered − received − cancelled, never below 0 (what came beyond is over-received). */
export const stillToCome = (line: LineQuantities) => Math.max(0, line.quantityHundredths - line.receivedHundredths - line.cancelledHundredths);

/** What came beyond what was expected (ordered − cancelled): recorded, and raised for review. */
export const overReceived = (line: LineQuantities) => Math.max(0, line.receivedHundredths - (line.quantityHundredths - line.cancelledHundredths));

/** What a line no longer expects once cancelled: what is still to come, as its side knows it. */
export const cancellable = stillToCome;

/**
 * The status an order's lines give it once it is past its draft: nothing received and nothing to
 * come is Cancelled; something received and nothing to come, Received; something received,
 * Partly Received; else Ordered. A draft stays a draft until it is placed (or cancelled whole).
 */
export function orderStatus(placed: boolean, lines: readonly LineQuantities[]): PurchaseOrderStatus {
  const toCome = lines.reduce((sum, line) => sum + stillToCome(line), 0);
  const received = lines.reduce((sum, line) => sum + line.receivedHundredths, 0);
  if (toCome === 0) return received > 0 ? 'Received' : placed || lines.length > 0 ? 'Cancelled' : 'Draft';
  if (!placed) return 'Draft';
  return received > 0 ? 'Partly Received' : 'Ordered';
}

/** A line's worth at its cost: (ordered − cancelled) × unit cost, rounded to the cent once. */
export const lineCostCents = (line: Pick<LineQuantities, 'quantityHundredths' | 'cancelledHundredths'>, unitCostCents: number) =>
  Math.round(((line.quantityHundredths - line.cancelledHundredths) * unitCostCents) / 100);

/** Whether an order may still receive, be changed or cancelled. */
export const isOpenOrder = (status: PurchaseOrderStatus) => status === 'Draft' || status === 'Ordered' || status === 'Partly Received';
