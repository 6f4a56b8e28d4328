import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { ValidationError } from '@/sync/validation-error';
import { ExpectedCashChangedError } from '@/sync/mutators/drawer';
import { formatMoney } from '@shared/domain/money';
import { countedCents, countProblem, denominations, drawerDifferenceCents, type DrawerCount } from '@shared/domain/cash-drawer';
import { drawerWords } from '@shared/schemas/drawer';
import { closeDrawer } from '../api/close-drawer';
import { zReportPath } from '../print/drawer-report-path';

/** The typed pieces as a count: an empty box is none; anything else is checked by the shared rule. */
function countOf(typed: Record<number, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(typed)
      .filter(([, value]) => value.trim() !== '')
      .map(([cents, value]) => [cents, Number(value)]),
  );
}

/**
 * Close Drawer with a blind count: the cashier counts each note and coin first and sees only what the
 * count comes to; 'Compare' then shows what was expected and the difference (a reason is needed when
 * there is one), and Close makes the Z report. Expected is taken when compared, so the Z report prints
 * what the cashier saw; a sale in between is said on Close, and the cashier compares again.
 */
export function CloseDrawerForm({ sessionId, expectedNow, onCancel }: { sessionId: string; expectedNow: number; onCancel: () => void }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [expected, setExpected] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const count = countOf(typed);
  const problem = countProblem(count);
  const counted = problem ? null : countedCents(count as DrawerCount);
  const difference = expected !== null && counted !== null ? drawerDifferenceCents(expected, counted) : null;

  const { saving, submit } = useFormSubmit(
    async () => {
      if (problem) throw new ValidationError(problem);
      if (expected === null) {
        setExpected(expectedNow);
        return;
      }
      if (difference !== 0 && !reason.trim()) throw new ValidationError(drawerWords.differenceReason, 'differenceReason');
      const zNumber = await closeDrawer(sessionId, count as DrawerCount, expected, reason).catch((error: unknown) => {
        // The records moved while counting (a sale at this register meanwhile): the warning says so, and
        // the count goes back to blind so the cashier compares again with what the drawer holds now.
        if (error instanceof ExpectedCashChangedError) setExpected(null);
        throw error;
      });
      toast.success(drawerWords.recordedClose(zNumber));
      navigate(zReportPath(sessionId));
    },
    (error) => (error instanceof Error && error.message ? error.message : 'The drawer could not be closed.'),
  );

  return (
    <form className="panel close-drawer-form" onSubmit={submit} noValidate>
      <h2>Count the drawer</h2>
      <p className="muted">Count every note and coin before you compare: what was expected shows only after the count.</p>
      <table className="table drawer-count" aria-label="Count by note and coin">
        <thead>
          <tr>
            <th>Note / Coin</th>
            <th className="num">Pieces</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {denominations.map((d) => {
            const pieces = Number(typed[d.cents] ?? '');
            return (
              <tr key={d.cents}>
                <td>
                  {d.label} <span className="muted">{d.kind}</span>
                </td>
                <td className="num">
                  <input
                    className="qty-input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    aria-label={`Pieces of ${d.label}`}
                    value={typed[d.cents] ?? ''}
                    readOnly={expected !== null}
                    onChange={(event) => setTyped((all) => ({ ...all, [d.cents]: event.target.value }))}
                  />
                </td>
                <td className="num">{Number.isInteger(pieces) && pieces > 0 ? formatMoney(pieces * d.cents) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="return-summary" aria-label="The count">
        <div>
          <dt>Counted</dt>
          <dd data-testid="drawer-counted">{counted === null ? '—' : formatMoney(counted)}</dd>
        </div>
        {expected !== null && (
          <>
            <div>
              <dt>Expected</dt>
              <dd data-testid="drawer-close-expected">{formatMoney(expected)}</dd>
            </div>
            <div>
              <dt>Difference</dt>
              <dd data-testid="drawer-difference" className={difference ? 'error-text' : undefined}>
                {difference === null ? '—' : formatMoney(difference)}
              </dd>
            </div>
          </>
        )}
      </dl>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {expected !== null && difference !== 0 && (
        <label className="field field-wide">
          <span className="required">Reason for the difference</span>
          <textarea name="differenceReason" rows={2} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
        </label>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={expected === null ? onCancel : () => setExpected(null)}>
          {expected === null ? 'Cancel' : 'Count Again'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {expected === null ? 'Compare with Expected' : 'Close Drawer'}
        </button>
      </div>
    </form>
  );
}
