import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { PanelFooter, usePanelAction } from '@/components/ui/use-panel-action';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { leftToReturn } from '@shared/domain/supplier-returns';
import { supplierReturnMessages } from '@shared/schemas/supplier-return';
import type { Delivery } from '../api/use-deliveries';
import { recordSupplierReturn, type PickedLine } from '../api/record-return';

interface ReturnPanelProps {
  delivery: Delivery;
  onDone: () => void;
}

/**
 * Parts of one delivery sent back to the supplier (issue 44, point 7), for Managers and Admins: each of
 * its lines with what came and what is left to send back, a quantity each and a reason. They go back
 * at the cost they came at, out of stock, and the supplier owes the shop their worth. Recorded on this
 * device, offline too, and sent when it can be.
 */
export function ReturnPanel({ delivery, onDone }: ReturnPanelProps) {
  const { receipt, lines } = delivery;
  const [picked, setPicked] = useState<PickedLine[]>(() => lines.map((line) => ({ receiptLineId: line.id, itemId: line.itemId, quantity: '' })));
  const [note, setNote] = useState('');
  const { saving, problem, run } = usePanelAction('Failed to record the return.');

  const setQuantity = (receiptLineId: string, quantity: string) => setPicked((now) => now.map((line) => (line.receiptLineId === receiptLineId ? { ...line, quantity } : line)));

  const record = () =>
    run(async () => {
      const count = await recordSupplierReturn(receipt.id, picked, note);
      toast.success(supplierReturnMessages.recorded(count));
      onDone();
    });

  return (
    <div className="panel receive-panel supplier-return-panel" aria-label="Return to supplier" role="region">
      <h2>Return to Supplier</h2>
      <p className="muted">
        From the delivery of {formatDate(receipt.createdAt)} by {receipt.userName} ({receipt.supplierName}): the parts go back at the cost they came at.
      </p>
      <table className="table receive-table supplier-return-table" aria-label="Parts to send back">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Came</th>
            <th className="num">Left</th>
            <th className="num">Cost</th>
            <th className="num">Send back</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-item-id={line.itemId}>
              <td>
                {line.itemName} <span className="muted mono">{line.barcode}</span>
              </td>
              <td className="num">{formatQuantity(line.quantityHundredths)}</td>
              <td className="num" data-testid="left-to-return">
                {formatQuantity(leftToReturn(line))}
              </td>
              <td className="num">{line.unitCostCents !== undefined ? formatMoney(line.unitCostCents) : '—'}</td>
              <td className="num">
                <input
                  className="qty-input"
                  inputMode="decimal"
                  aria-label={`Quantity of ${line.itemName} to return`}
                  value={picked.find((pick) => pick.receiptLineId === line.id)?.quantity ?? ''}
                  placeholder="0"
                  onChange={(event) => setQuantity(line.id, event.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="field">
        <span>Reason</span>
        <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={300} placeholder="e.g., wrong size, faulty" />
      </label>
      <PanelFooter problem={problem} saving={saving} label="Record Return" onAction={() => void record()} onClose={onDone} />
    </div>
  );
}
