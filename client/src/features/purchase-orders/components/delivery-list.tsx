import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import type { Delivery, SupplierReturn } from '../api/use-deliveries';
import { receiptLabelsPath } from '../api/order-paths';

interface DeliveryListProps {
  deliveries: Delivery[];
  showCosts: boolean;
  /** 'Mark as reviewed' on a delivery raised for review (Managers and Admins). */
  onReviewed?: (receiptId: string) => void;
  /** 'Return to Supplier' on each delivery (Managers and Admins). */
  onReturn?: (receiptId: string) => void;
  /** 'Mark as reviewed' on a return raised for review (Managers and Admins). */
  onReturnReviewed?: (returnId: string) => void;
}

const issueWords = { over: 'more than was to come', notOnOrder: 'not on the order', itemMissing: 'item not on record' } as const;

/** What came on an order, delivery by delivery: who counted it, its lines, and what was raised for review. */
export function DeliveryList({ deliveries, showCosts, onReviewed, onReturn, onReturnReviewed }: DeliveryListProps) {
  if (deliveries.length === 0) return <p className="muted">Nothing received yet.</p>;
  return (
    <ul className="delivery-list" aria-label="Deliveries">
      {deliveries.map(({ receipt, lines, returns }) => (
        <li key={receipt.id} className="delivery" data-receipt-id={receipt.id}>
          <p>
            <strong>{formatDate(receipt.createdAt)}</strong> by {receipt.userName}
            {showCosts && receipt.totalCents !== undefined && <> · {formatMoney(receipt.totalCents)}</>}
            {receipt.version === 0 && <span className="muted"> · not sent yet</span>}
            {receipt.note && <> · {receipt.note}</>} {/* A label per unit received, for the shelf (Staff too: the labels show selling prices only). */}
            <Link className="btn btn-small btn-secondary" to={receiptLabelsPath(receipt.id)}>
              Print Labels
            </Link>{' '}
            {onReturn && (
              <button type="button" className="btn btn-small btn-secondary" onClick={() => onReturn(receipt.id)}>
                Return to Supplier
              </button>
            )}
          </p>
          <ul>
            {lines.map((line) => (
              <li key={line.id}>
                {formatQuantity(line.quantityHundredths)} × {line.itemName}
                {line.issue && <span className="error-text"> ({issueWords[line.issue]})</span>}
                {line.returnedHundredths > 0 && <span className="muted"> ({formatQuantity(line.returnedHundredths)} sent back)</span>}
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
          {returns.length > 0 && <ReturnList returns={returns} onReviewed={onReturnReviewed} />}
        </li>
      ))}
    </ul>
  );
}

/** What went back to the supplier from one delivery: each return's lines at the cost they came at, its credit and review. */
function ReturnList({ returns, onReviewed }: { returns: SupplierReturn[]; onReviewed?: (returnId: string) => void }) {
  return (
    <ul className="supplier-returns" aria-label="Returns to supplier">
      {returns.map(({ row, lines }) => (
        <li key={row.id} data-return-id={row.id}>
          <p>
            Returned {formatDate(row.createdAt)} by {row.userName} · credit <strong>{formatMoney(row.totalCents)}</strong>
            {row.version === 0 && <span className="muted"> · not sent yet</span>}
            {row.note && <> · {row.note}</>}
          </p>
          <ul>
            {lines.map((line) => (
              <li key={line.id}>
                {formatQuantity(line.quantityHundredths)} × {line.itemName} at {formatMoney(line.unitCostCents)}
              </li>
            ))}
          </ul>
          {row.reviewState === 'open' && (
            <p className="review-note" role="note">
              To review: {row.reviewReason}{' '}
              {onReviewed && (
                <button type="button" className="btn btn-small btn-secondary" onClick={() => onReviewed(row.id)}>
                  Mark as reviewed
                </button>
              )}
            </p>
          )}
          {row.reviewState === 'reviewed' && <p className="muted">Reviewed by {row.reviewedBy}</p>}
        </li>
      ))}
    </ul>
  );
}
