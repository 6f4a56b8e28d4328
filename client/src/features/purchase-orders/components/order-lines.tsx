import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { isOpenOrder, lineCostCents, overReceived, stillToCome } from '@shared/domain/purchase-orders';
import type { PurchaseOrderLineRow, PurchaseOrderStatus } from '@shared/schemas/purchase-order';

interface OrderLinesProps {
  lines: PurchaseOrderLineRow[];
  status: PurchaseOrderStatus;
  /** Costs shown: the reader reads them (Staff's device holds none). */
  showCosts: boolean;
  /** A line's Cancel (Managers, on an open order with something still to come). */
  onCancelLine?: (line: PurchaseOrderLineRow) => void;
}

/** An order's lines: ordered, received, cancelled and what is still to come (worked out, never typed). */
export function OrderLines({ lines, status, showCosts, onCancelLine }: OrderLinesProps) {
  return (
    <table className="table order-lines-table" aria-label="Order lines">
      <thead>
        <tr>
          <th>Item</th>
          <th>Part No.</th>
          <th className="num">Ordered</th>
          <th className="num">Received</th>
          <th className="num">Cancelled</th>
          <th className="num">Still to come</th>
          {showCosts && <th className="num">Unit Cost</th>}
          {showCosts && <th className="num">Total</th>}
          {onCancelLine && <th aria-label="Actions" />}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const over = overReceived(line);
          return (
            <tr key={line.id} data-line-id={line.id}>
              <td>
                {line.itemName} <span className="muted mono">{line.barcode}</span>
              </td>
              <td className="mono">{line.supplierPartNo || '—'}</td>
              <td className="num">{formatQuantity(line.quantityHundredths)}</td>
              <td className="num">
                {formatQuantity(line.receivedHundredths)}
                {over > 0 && <span className="error-text"> ({formatQuantity(over)} over)</span>}
              </td>
              <td className="num">{formatQuantity(line.cancelledHundredths)}</td>
              <td className="num" data-testid="still-to-come">
                {formatQuantity(stillToCome(line))}
              </td>
              {showCosts && <td className="num">{formatMoney(line.unitCostCents ?? 0)}</td>}
              {showCosts && <td className="num">{formatMoney(lineCostCents(line, line.unitCostCents ?? 0))}</td>}
              {onCancelLine && (
                <td>
                  {isOpenOrder(status) && status !== 'Draft' && stillToCome(line) > 0 && (
                    <button type="button" className="btn btn-small btn-danger" aria-label={`Cancel the rest of ${line.itemName}`} onClick={() => onCancelLine(line)}>
                      Cancel rest
                    </button>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
