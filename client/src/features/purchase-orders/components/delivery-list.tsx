import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import type { Delivery } from '../api/use-deliveries';
import { receiptLabelsPath } from '../api/order-paths';

interface DeliveryListProps {
  deliveries: Delivery[];
  showCosts: boolean;
  /** 'Mark as reviewed' on a delivery raised for review (Managers and Admins). */
  onReviewed?: (receiptId: string) => void;
}

const issueWords = { over: 'more than was to come', notOnOrder: 'not on the order', itemMissing: 'item not on record' } as const;

/** What came on an order, delivery by delivery: who counted it, its lines, and what was raised for review. */
export function DeliveryList({ deliveries, showCosts, onReviewed }: DeliveryListProps) {
  if (deliveries.length === 0) return <p className="muted">Nothing received yet.</p>;
  return (
    <ul className="delivery-list" aria-label="Deliveries">
      {deliveries.map(({ receipt, lines }) => (
        <li key={receipt.id} className="delivery" data-receipt-id={receipt.id}>
          <p>
            <strong>{formatDate(receipt.createdAt)}</strong> by {receipt.userName}
            {showCosts && receipt.totalCents !== undefined && <> · {formatMoney(receipt.totalCents)}</>}
            {receipt.version === 0 && <span className="muted"> · not sent yet</span>}
            {receipt.note && <> · {receipt.note}</>} {/* A label per unit received, for the shelf (Staff too: the labels show selling prices only). */}
            <Link className="btn btn-small btn-secondary" to={receiptLabelsPath(receipt.id)}>
              Print Labels
            </Link>
          </p>
          <ul>
            {lines.map((line) => (
              <li key={line.id}>
                {formatQuantity(line.quantityHundredths)} × {line.itemName}
                {line.issue && <span className="error-text"> ({issueWords[line.issue]})</span>}
              </li>
            ))}
          </ul>
          {receipt.reviewState === 'open' && (
            <p className="review-note" role="note">
              To review: {receipt.reviewReason}{' '}
              {onReviewed && (
                <button type="button" className="btn btn-small btn-secondary" onClick={() => onReviewed(receipt.id)}>
                  Mark as reviewed
                </button>
              )}
            </p>
          )}
          {receipt.reviewState === 'reviewed' && <p className="muted">Reviewed by {receipt.reviewedBy}</p>}
        </li>
      ))}
    </ul>
  );
}
