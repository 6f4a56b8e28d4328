import { formatMoney } from '@shared/domain/money';

export type Excess = 'change' | 'credit';

/**
 * More handed over than is owed (issue 23): the cashier says in words whether the extra goes back
 * as change (the payment is what was owed) or stays with the shop as credit (the payment is all of
 * it and the invoice is overpaid). Used by the register's payment modal and Record Payment.
 */
export function ExcessChoice({ extraCents, value, onChange }: { extraCents: number; value: Excess | ''; onChange: (value: Excess) => void }) {
  return (
    <fieldset className="excess-choice" data-testid="excess-choice">
      <legend className="required">The extra {formatMoney(extraCents)}</legend>
      <label className="radio-field">
        <input type="radio" name="excess" value="change" checked={value === 'change'} onChange={() => onChange('change')} />
        Give {formatMoney(extraCents)} back as change
      </label>
      <label className="radio-field">
        <input type="radio" name="excess" value="credit" checked={value === 'credit'} onChange={() => onChange('credit')} />
        Keep {formatMoney(extraCents)} as credit on this invoice
      </label>
    </fieldset>
  );
}
