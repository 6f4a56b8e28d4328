import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { Modal } from '@/components/ui/modal';
import { TableMessageRow } from '@/components/ui/table-message-row';
import { formatDateTime } from '@/lib/format-date';
import { formatQuantity } from '@shared/domain/quantity';
import type { ItemRow } from '@shared/schemas/item';
import type { MovementReason } from '@shared/schemas/stock';
import { useStockMovements } from '../api/use-stock-movements';

const reasonLabels: Record<MovementReason, string> = {
  opening: 'Opening stock',
  sale: 'Sale',
  return: 'Return',
  adjustment: 'Adjustment',
  received: 'Received',
  returnedToSupplier: 'Returned to supplier',
};

/** An item's stock ledger: date, reason, quantity and the running balance (decisions.md: stock as movements). */
export function StockMovementsModal({ item: opened, onClose }: { item: ItemRow; onClose: () => void }) {
  const lines = useStockMovements(opened.id);
  // Live: a sale or a count on another device while this is open moves the figure too.
  const item = (useLiveQuery(() => db.items.get(opened.id), [opened.id]) as ItemRow | undefined) ?? opened;
  return (
    <Modal title={`Stock Movements: ${item.itemName}`} onClose={onClose} wide>
      <p>
        Current stock: <strong className={item.stockHundredths < 0 ? 'stock-low' : undefined}>{formatQuantity(item.stockHundredths)}</strong>
      </p>
      <table className="table movements-table">
        <thead>
          <tr>
            <th>Date</th>
            <th>Reason</th>
            <th className="num">Quantity</th>
            <th className="num">Balance</th>
          </tr>
        </thead>
        <tbody>
          {lines === undefined ? (
            <TableMessageRow colSpan={4}>Loading...</TableMessageRow>
          ) : lines.length === 0 ? (
            <TableMessageRow colSpan={4}>No stock movements yet.</TableMessageRow>
          ) : (
            lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {formatDateTime(line.createdAt)}
                  {line.isPending && <span className="pending-mark"> (not yet synced)</span>}
                </td>
                <td>
                  {reasonLabels[line.reason] ?? line.reason}
                  {line.note && <div className="muted">{line.note}</div>}
                </td>
                <td className="num">{line.quantityHundredths > 0 ? `+${formatQuantity(line.quantityHundredths)}` : formatQuantity(line.quantityHundredths)}</td>
                <td className={`num${line.balanceHundredths < 0 ? ' stock-low' : ''}`}>{formatQuantity(line.balanceHundredths)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </Modal>
  );
}
