import { toCents } from '@shared/domain/money';
import { strictNumber } from '@shared/schemas/numbers';
import { movesMoney } from '@shared/domain/customer-credit';

/**
 * A part payment (less than is owed) in money the customer hands over: what was handed over may be
 * more than the part paid, the rest is change (issue 47: change on a part payment could not be
 * recorded). Credit and customer credit hand nothing over.
 */
export const takesTendered = (method: string, payingCents: number, owedCents: number) =>
  method !== 'Credit' && movesMoney({ method }) && payingCents > 0 && payingCents < owedCents;

/** What was handed over, in cents, and the change on the part paid; null when nothing was typed. */
export function partChange(payingCents: number, tendered: string): { tenderedCents: number; changeCents: number } | null {
  const value = strictNumber(tendered);
  if (tendered.trim() === '' || value === null) return null;
  const tenderedCents = toCents(value);
  return { tenderedCents, changeCents: Math.max(tenderedCents - payingCents, 0) };
}

/** The optional 'Tendered (LKR)' of a part payment; the modal shows the change. Used by the register and Record Payment. */
export function TenderedField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span>Tendered (LKR)</span>
      <input name="tendered" type="number" inputMode="decimal" min={0} step={0.01} value={value} onChange={(e) => onChange(e.target.value)} placeholder="Optional" />
      <small className="field-hint">What the customer handed over for this part payment.</small>
    </label>
  );
}
