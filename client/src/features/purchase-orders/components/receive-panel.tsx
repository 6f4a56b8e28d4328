import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { PanelFooter, usePanelAction } from '@/components/ui/use-panel-action';
import { formatQuantity, fromHundredths } from '@shared/domain/quantity';
import { stillToCome } from '@shared/domain/purchase-orders';
import { receiptMessages } from '@shared/schemas/receipt';
import type { PurchaseOrderLineRow } from '@shared/schemas/purchase-order';
import type { ItemRow } from '@shared/schemas/item';
import { recordDelivery, type CountedLine } from '../api/record-delivery';
import { ItemAdder } from './item-adder';

interface ReceivePanelProps {
  orderId: string;
  lines: PurchaseOrderLineRow[];
  onDone: () => void;
}

const blankCount = (lines: readonly PurchaseOrderLineRow[]): CountedLine[] =>
  lines.map((line) => ({ key: line.id, itemId: line.itemId, itemName: line.itemName, barcode: line.barcode, orderLineId: line.id, quantity: '' }));

/** One more of a counted line: a scan adds a unit to what was typed (a blank is 0). */
function plusOne(quantity: string): string {
  const now = Number(quantity.trim() || '0');
  return Number.isFinite(now) ? String(fromHundredths(Math.round(now * 100) + 100)) : quantity;
}

/**
 * Receiving at the back door (issue 44, point 3): scan or tap each part (a scan adds one to its line),
 * or type the quantity that came. What is still to come is the order's, worked out, never typed; a part
 * the order does not hold is added as its own line and raised for review with the delivery. Recorded
 * on this device, offline too, and sent when it can be.
 */
export function ReceivePanel({ orderId, lines, onDone }: ReceivePanelProps) {
  const [counted, setCounted] = useState<CountedLine[]>(() => blankCount(lines));
  const [note, setNote] = useState('');
  const { saving, problem, setProblem, run } = usePanelAction('Failed to record the delivery.');
  const byId = new Map(lines.map((line) => [line.id, line]));

  function scanned(item: ItemRow) {
    setProblem('');
    setCounted((now) => {
      const onOrder = now.filter((line) => line.itemId === item.id);
      const target = onOrder.find((line) => line.orderLineId && stillToCome(byId.get(line.orderLineId)!) > 0) ?? onOrder[0];
      if (target) return now.map((line) => (line === target ? { ...line, quantity: plusOne(line.quantity) } : line));
      return [...now, { key: `extra:${item.id}`, itemId: item.id, itemName: item.itemName, barcode: item.barcode, quantity: '1' }];
    });
  }

  const setQuantity = (key: string, quantity: string) => setCounted((now) => now.map((line) => (line.key === key ? { ...line, quantity } : line)));

  const record = () =>
    run(async () => {
      const count = await recordDelivery(orderId, counted, note);
      toast.success(receiptMessages.recorded(count));
      onDone();
    });

  return (
    <div className="panel receive-panel" aria-label="Receive delivery" role="region">
      <h2>Receive Delivery</h2>
      <ItemAdder onAdd={scanned} label="Scan or find a part" />
      <table className="table receive-table" aria-label="Parts counted">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Still to come</th>
            <th className="num">Came now</th>
          </tr>
        </thead>
        <tbody>
          {counted.map((line) => {
            const orderLine = line.orderLineId ? byId.get(line.orderLineId) : undefined;
            return (
              <tr key={line.key} data-item-id={line.itemId}>
                <td>
                  {line.itemName} <span className="muted mono">{line.barcode}</span>
                  {!orderLine && <span className="error-text"> (not on the order)</span>}
                </td>
                <td className="num">{orderLine ? formatQuantity(stillToCome(orderLine)) : '—'}</td>
                <td className="num">
                  <input
                    className="qty-input"
                    inputMode="decimal"
                    aria-label={`Quantity of ${line.itemName} received`}
                    value={line.quantity}
                    placeholder="0"
                    onChange={(event) => setQuantity(line.key, event.target.value)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label className="field">
        <span>Note</span>
        <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={300} placeholder="e.g., delivery note number" />
      </label>
      <PanelFooter problem={problem} saving={saving} label="Record Delivery" onAction={() => void record()} onClose={onDone} />
    </div>
  );
}
