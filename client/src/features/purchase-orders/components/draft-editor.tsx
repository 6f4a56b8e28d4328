import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { useSupplierNames } from '@/lib/use-supplier-names';
import { newRecordId } from '@shared/sync/record-id';
import { fromCents, formatMoney, toCents } from '@shared/domain/money';
import { strictNumber } from '@shared/schemas/numbers';
import type { ItemRow } from '@shared/schemas/item';
import { saveDraft, type DraftValues } from '../api/save-draft';
import { ItemAdder } from './item-adder';

interface DraftEditorProps {
  /** The stored draft (its id and line ids), or null for a new order. */
  existing: { id: string; lineIds: string[] } | null;
  initial: DraftValues;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

const lineTotal = (quantity: string, unitCost: string) => Math.round((strictNumber(quantity) ?? 0) * toCents(strictNumber(unitCost) ?? 0));

/** A draft order's supplier, note and lines (quantity and unit cost each), saved as one operation. */
export function DraftEditor({ existing, initial, onSaved, onCancel }: DraftEditorProps) {
  const [values, setValues] = useState(initial);
  const suppliers = useSupplierNames();
  const setLine = (id: string, field: 'quantity' | 'unitCost', value: string) =>
    setValues((now) => ({ ...now, lines: now.lines.map((line) => (line.id === id ? { ...line, [field]: value } : line)) }));

  function addItem(item: ItemRow) {
    setValues((now) => {
      // Scanned again: one more of it, not a second line (an item is on an order once).
      const there = now.lines.find((line) => line.itemId === item.id);
      if (there) return { ...now, lines: now.lines.map((line) => (line === there ? { ...line, quantity: String((strictNumber(line.quantity) ?? 0) + 1) } : line)) };
      const cost = item.lastCostCents || item.costPriceCents || 0;
      return {
        ...now,
        lines: [...now.lines, { id: newRecordId(), itemId: item.id, itemName: item.itemName, barcode: item.barcode, quantity: '1', unitCost: fromCents(cost).toFixed(2) }],
      };
    });
  }

  const { saving, submit } = useFormSubmit(async () => {
    const id = await saveDraft(existing, values);
    toast.success(existing ? 'Draft saved.' : 'Draft order saved.');
    onSaved(id);
  }, 'Failed to save the order.');

  const total = values.lines.reduce((sum, line) => sum + lineTotal(line.quantity, line.unitCost), 0);
  return (
    <form onSubmit={submit} noValidate className="panel draft-editor">
      <div className="form-grid">
        <label className="field">
          <span className="required">Supplier</span>
          <select name="supplierId" aria-required="true" value={values.supplierId} onChange={(event) => setValues((now) => ({ ...now, supplierId: event.target.value }))}>
            <option value="">Select Supplier</option>
            {suppliers?.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Note</span>
          <input name="note" value={values.note} maxLength={500} onChange={(event) => setValues((now) => ({ ...now, note: event.target.value }))} />
        </label>
      </div>
      <ItemAdder onAdd={addItem} />
      <table className="table order-lines-table" aria-label="Order lines">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Quantity</th>
            <th className="num">Unit Cost</th>
            <th className="num">Total</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {values.lines.length === 0 && (
            <tr>
              <td colSpan={5} className="table-message muted">
                No items yet: scan or type one above.
              </td>
            </tr>
          )}
          {values.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.itemName} <span className="muted mono">{line.barcode}</span>
              </td>
              <td className="num">
                <input
                  className="quantity-input"
                  name="quantity"
                  aria-label={`Quantity of ${line.itemName}`}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  value={line.quantity}
                  onChange={(event) => setLine(line.id, 'quantity', event.target.value)}
                />
              </td>
              <td className="num">
                <input
                  className="quantity-input"
                  name="unitCost"
                  aria-label={`Unit cost of ${line.itemName}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  value={line.unitCost}
                  onChange={(event) => setLine(line.id, 'unitCost', event.target.value)}
                />
              </td>
              <td className="num">{formatMoney(lineTotal(line.quantity, line.unitCost))}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  aria-label={`Remove ${line.itemName}`}
                  onClick={() => setValues((now) => ({ ...now, lines: now.lines.filter((row) => row.id !== line.id) }))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>Total</td>
            <td className="num" data-testid="draft-total">
              {formatMoney(total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Draft'}
        </button>
      </div>
    </form>
  );
}
