import { formatQuantity } from './quantity';
import { stillToCome, type LineQuantities } from './purchase-orders';
import type { ReceiptLineIssue } from '../schemas/receipt';

// Receiving (issue 44): a delivery is a fact. Each line is judged against the order as the side
// that applies it holds it: what was still to come is received as expected; more than that, or a
// part the order does not hold, is received all the same and raised for review.

export interface JudgedLine {
  issue: ReceiptLineIssue;
  /** Of this line, what came beyond what was still to come (hundredths). */
  overHundredths: number;
}

/** A line for an order line: over when it brings more than is still to come. */
export function judgeLine(orderLine: LineQuantities | undefined, quantityHundredths: number, itemKnown = true): JudgedLine {
  if (!itemKnown) return { issue: 'itemMissing', overHundredths: 0 };
  if (!orderLine) return { issue: 'notOnOrder', overHundredths: 0 };
  const over = Math.max(0, quantityHundredths - stillToCome(orderLine));
  return { issue: over > 0 ? 'over' : '', overHundredths: over };
}

/** The review's words for one line raised. */
export function issueWords(name: string, judged: JudgedLine, quantityHundredths: number): string {
  if (judged.issue === 'over') return `${name}: ${formatQuantity(judged.overHundredths)} more than was still to come.`;
  if (judged.issue === 'notOnOrder') return `${name}: ${formatQuantity(quantityHundredths)} received, not on the order.`;
  if (judged.issue === 'itemMissing') return `${name}: the item is not on record here, so no stock moved for it.`;
  return '';
}

/** A line's stock movement id: one per receipt line, so a replay cannot move stock twice. */
export const receivedMovementId = (lineId: string) => `${lineId}/received`;
