import { formatMoney } from '@shared/domain/money';
import type { InvoiceTotals, TaxSetting } from '@shared/domain/sales';

/** Total, Discounts (the real discount), Sub Total, TAX Rate, Total Payable, Total Items Type (spec 2.8). */
export function CartSummary({ totals, tax, lineCount }: { totals: InvoiceTotals; tax: TaxSetting; lineCount: number }) {
  return (
    <dl className="cart-summary">
      <div>
        <dt>Total</dt>
        <dd>{formatMoney(totals.grossCents)}</dd>
      </div>
      <div>
        <dt>Discounts</dt>
        <dd>{formatMoney(totals.discountCents)}</dd>
      </div>
      <div>
        <dt>Sub Total</dt>
        <dd>{formatMoney(totals.subTotalCents)}</dd>
      </div>
      <div>
        <dt>TAX Rate: {tax.taxRatePercent}%</dt>
        <dd>
          {formatMoney(totals.taxCents)}
          {tax.taxRatePercent > 0 && <small className="muted">{tax.pricesIncludeTax ? ' incl.' : ' added'}</small>}
        </dd>
      </div>
      <div className="cart-payable">
        <dt>Total Payable</dt>
        <dd data-testid="total-payable">{formatMoney(totals.totalCents)}</dd>
      </div>
      <div>
        <dt>Total Items Type</dt>
        <dd>{lineCount}</dd>
      </div>
    </dl>
  );
}
