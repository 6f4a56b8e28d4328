import { formatMoney } from '@shared/domain/money';
import { saleLineTaxCents, type TaxSetting } from '@shared/domain/sales';
import { cartLineTotalCents, type CartLine } from '../api/cart';

interface CartTableProps {
  lines: CartLine[];
  tax: TaxSetting;
  onStep: (lineId: string, step: 1 | -1) => void;
  onQuantity: (lineId: string, quantity: number) => void;
  onDiscount: (lineId: string, percent: number) => void;
  onRemove: (lineId: string) => void;
}

/**
 * The cart (spec 2.8): Item Name, Price, Disc. %, Qty, Total, Tax, Actions. On a tablet the price
 * folds under the quantity ('@ Rs. 780.00') and the tax under the line's total (the lists'
 * data-table classes), so the typed quantity, the total and + − × stay on screen without a
 * sideways swipe.
 */
export function CartTable({ lines, tax, onStep, onQuantity, onDiscount, onRemove }: CartTableProps) {
  return (
    <table className="table data-table cart-table">
      <thead>
        <tr>
          <th>Item Name</th>
          <th className="num p2">Price</th>
          <th className="num">Disc. %</th>
          <th className="num">Qty</th>
          <th className="num">Total</th>
          <th className="num p3">Tax</th>
          <th className="actions-col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 && (
          <tr>
            <td colSpan={7} className="muted table-message">
              No items added yet.
            </td>
          </tr>
        )}
        {lines.map((line) => (
          <tr key={line.id}>
            <td className="cart-name">
              {line.name}
              {line.kind === 'service' && <span className="badge">Service</span>}
            </td>
            <td className="num p2">{formatMoney(line.unitPriceCents)}</td>
            <td className="num">
              <input
                className="discount-input"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.01}
                aria-label={`Discount % for ${line.name}`}
                defaultValue={line.discountPercent || ''}
                key={`${line.id}:${line.discountPercent}`}
                onBlur={(event) => onDiscount(line.id, Number(event.target.value || 0))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
                }}
              />
            </td>
            <td className="num">
              {/* Typed too (step 0.01, at least 0.01): 12 spark plugs or 2.5 L without tapping +. */}
              <input
                className="quantity-input"
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                aria-label={`Quantity of ${line.name}`}
                defaultValue={line.quantityHundredths / 100}
                key={`${line.id}:${line.quantityHundredths}`}
                onBlur={(event) => {
                  const typed = event.target.value.trim() === '' ? 0 : Number(event.target.value);
                  if (Math.round(typed * 100) === line.quantityHundredths) return;
                  // Shown as it was until the cart takes the new quantity (a refused one stays as it was).
                  event.target.value = String(line.quantityHundredths / 100);
                  onQuantity(line.id, typed);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
                }}
              />
              <div className="folded fold-p2">@ {formatMoney(line.unitPriceCents)}</div>
            </td>
            <td className="num">
              {formatMoney(cartLineTotalCents(line))}
              <div className="folded fold-p3">Tax {formatMoney(saleLineTaxCents(line, tax))}</div>
            </td>
            <td className="num p3">{formatMoney(saleLineTaxCents(line, tax))}</td>
            <td className="actions-col">
              <button type="button" className="btn btn-small" aria-label={`One more ${line.name}`} onClick={() => onStep(line.id, 1)}>
                +
              </button>
              <button type="button" className="btn btn-small" aria-label={`One fewer ${line.name}`} onClick={() => onStep(line.id, -1)} disabled={line.quantityHundredths <= 100}>
                −
              </button>
              <button type="button" className="btn btn-small btn-danger" aria-label={`Remove ${line.name}`} title="Remove" onClick={() => onRemove(line.id)}>
                ×
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
