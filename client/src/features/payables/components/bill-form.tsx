import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { PanelFooter, usePanelAction } from '@/components/ui/use-panel-action';
import { DateField } from '@/components/ui/date-field';
import { localDateInput } from '@/lib/format-date';
import { formatDay } from '@/lib/document-format';
import { formatMoney, toCents } from '@shared/domain/money';
import { formatQuantity, fromHundredths, toHundredths } from '@shared/domain/quantity';
import { dueDateFromTerms, matchBillLine } from '@shared/domain/payables';
import { billMessages } from '@shared/schemas/supplier-bill';
import { enterBill, type TypedBillLine } from '../api/enter-bill';
import type { UnbilledLine } from '../api/read-supplier-account';

interface BillFormProps {
  supplierId: string;
  paymentTermsDays: number;
  unbilled: UnbilledLine[];
  onDone: () => void;
}

/** A typed number, or null while it is not one. */
const typedNumber = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/**
 * A supplier's bill, entered against what came (issue 44, point 6): every delivery line not billed
 * yet, its quantity and the cost it was received at filled in; the Manager types what the bill says.
 * A line whose amount is more than a rupee from its delivery is marked as it is typed, and stays
 * marked on the bill. Entered on this device, offline too.
 */
export function BillForm({ supplierId, paymentTermsDays, unbilled, onDone }: BillFormProps) {
  const today = localDateInput();
  const [billNo, setBillNo] = useState('');
  const [billDate, setBillDate] = useState(today);
  const [dueDate, setDueDate] = useState(dueDateFromTerms(today, paymentTermsDays));
  const [dueTouched, setDueTouched] = useState(false);
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<TypedBillLine[]>(() =>
    unbilled.map((entry) => ({
      receiptLineId: entry.line.id,
      quantity: String(fromHundredths(entry.leftHundredths)),
      unitCost: String((entry.line.unitCostCents ?? 0) / 100),
    })),
  );
  const { saving, problem, run } = usePanelAction('Failed to enter the bill.');

  const setLine = (receiptLineId: string, fields: Partial<TypedBillLine>) =>
    setLines((now) => now.map((line) => (line.receiptLineId === receiptLineId ? { ...line, ...fields } : line)));
  const byLine = new Map(unbilled.map((entry) => [entry.line.id, entry]));

  function changeBillDate(value: string) {
    setBillDate(value);
    // The due date follows the bill date by the supplier's terms until it is typed.
    if (!dueTouched && /^\d{4}-\d{2}-\d{2}$/.test(value)) setDueDate(dueDateFromTerms(value, paymentTermsDays));
  }

  const matched = lines.map((line) => {
    const quantity = typedNumber(line.quantity);
    const unitCost = typedNumber(line.unitCost);
    const entry = byLine.get(line.receiptLineId)!;
    return quantity === null || unitCost === null || quantity <= 0 ? null : matchBillLine(toHundredths(quantity), toCents(unitCost), entry.line.unitCostCents ?? toCents(unitCost));
  });
  const totalCents = matched.reduce((sum, line) => sum + (line?.amountCents ?? 0), 0);

  const save = () =>
    run(async () => {
      await enterBill(supplierId, { billNo, billDate, dueDate, note }, lines);
      toast.success(billMessages.entered(billNo.trim()));
      onDone();
    });

  return (
    <div className="panel bill-form" role="region" aria-label="Enter bill">
      <h2>Enter Bill</h2>
      <div className="form-grid">
        <label className="field">
          <span>Bill No.</span>
          <input value={billNo} onChange={(event) => setBillNo(event.target.value)} maxLength={40} placeholder="The supplier's number" />
        </label>
        <label className="field">
          <span>Bill Date</span>
          <DateField name="billDate" value={billDate} onChange={changeBillDate} />
        </label>
        <label className="field">
          <span>Due Date</span>
          <DateField
            name="dueDate"
            value={dueDate}
            onChange={(value) => {
              setDueTouched(true);
              setDueDate(value);
            }}
          />
        </label>
      </div>
      {unbilled.length === 0 ? (
        <p className="muted">Everything received from this supplier is billed.</p>
      ) : (
        <table className="table bill-lines" aria-label="Bill lines">
          <thead>
            <tr>
              <th>Item</th>
              <th>Delivery</th>
              <th className="num">Not yet billed</th>
              <th className="num">Received at</th>
              <th className="num">Quantity</th>
              <th className="num">Unit Cost</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const entry = byLine.get(line.receiptLineId)!;
              const match = matched[index];
              return (
                <tr key={line.receiptLineId} data-differs={match?.differs ? 'true' : undefined}>
                  <td>{entry.line.itemName}</td>
                  <td className="nowrap">
                    {entry.receipt.orderNo} <span className="muted">{formatDay(entry.receipt.createdAt.slice(0, 10))}</span>
                  </td>
                  <td className="num">{formatQuantity(entry.leftHundredths)}</td>
                  <td className="num nowrap">{formatMoney(entry.line.unitCostCents ?? 0)}</td>
                  <td className="num">
                    <input
                      className="qty-input"
                      inputMode="decimal"
                      aria-label={`Quantity of ${entry.line.itemName} billed`}
                      value={line.quantity}
                      placeholder="0"
                      onChange={(event) => setLine(line.receiptLineId, { quantity: event.target.value })}
                    />
                  </td>
                  <td className="num">
                    <input
                      className="qty-input"
                      inputMode="decimal"
                      aria-label={`Unit cost of ${entry.line.itemName} billed`}
                      value={line.unitCost}
                      onChange={(event) => setLine(line.receiptLineId, { unitCost: event.target.value })}
                    />
                  </td>
                  <td className="num nowrap">
                    {match ? formatMoney(match.amountCents) : '—'}
                    {match?.differs && <div className="error-text">Differs from the delivery ({formatMoney(match.receivedCents)})</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={6}>Bill Total</th>
              <th className="num nowrap" data-testid="bill-total">
                {formatMoney(totalCents)}
              </th>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="muted">Clear a line's quantity to leave it off this bill.</p>
      <label className="field">
        <span>Note</span>
        <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={300} />
      </label>
      <PanelFooter problem={problem} saving={saving} label="Save Bill" onAction={() => void save()} onClose={onDone} disabled={unbilled.length === 0} />
    </div>
  );
}
