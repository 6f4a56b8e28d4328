import { useState } from 'react';
import { toast } from './ui/toast-store';
import { useFormSubmit } from './ui/use-form-submit';
import { openDrawer } from '@/lib/open-drawer';
import { useClosedCash } from '@/lib/use-closed-cash';
import { formatMoney } from '@shared/domain/money';
import { drawerWords } from '@shared/schemas/drawer';

interface OpenDrawerFormProps {
  /** Its code and name, as shown; none in the dialog a payment screen opens. */
  register?: string;
  /** Called once the session is open (the dialog closes). */
  onOpened?: () => void;
  /** 'panel' on the Cash Drawer screen (with its heading), 'dialog' inside a Modal. */
  look?: 'panel' | 'dialog';
}

/**
 * The drawer is closed: count the float into it and open a session on this register. The cash the
 * register took while the drawer was closed is said first (issue 47): the session opened now expects
 * it, so the float is counted beside it, not with it.
 */
export function OpenDrawerForm({ register, onOpened, look = 'panel' }: OpenDrawerFormProps) {
  const [float, setFloat] = useState('');
  const closedCash = useClosedCash();
  const { saving, submit } = useFormSubmit(
    async () => {
      await openDrawer(float.trim() === '' ? '0' : float);
      toast.success(drawerWords.recordedOpen);
      onOpened?.();
    },
    (error) => (error instanceof Error && error.message ? error.message : 'The drawer could not be opened.'),
  );
  return (
    <form
      className={look === 'panel' ? 'panel open-drawer-form' : 'open-drawer-form'}
      // In a dialog over a payment form, React would pass the submit on to that form too.
      onSubmit={(event) => {
        event.stopPropagation();
        void submit(event);
      }}
      noValidate
    >
      {look === 'panel' && <h2>Open the drawer</h2>}
      <p className="muted">
        {register && (
          <>
            Register <strong className="mono">{register}</strong>.{' '}
          </>
        )}
        Count the float into the drawer: everything cash on this register counts from now until the drawer is closed.
      </p>
      {closedCash && closedCash.payments > 0 && (
        <p className="drawer-closed-cash warning-text" role="status">
          <strong data-testid="closed-cash">{formatMoney(closedCash.cents)}</strong> {drawerWords.takenWhileClosed(closedCash.payments)}
        </p>
      )}
      <div className="form-grid">
        <label className="field">
          <span className="required">Float (LKR)</span>
          <input name="float" type="number" inputMode="decimal" min={0} step={0.01} value={float} onChange={(event) => setFloat(event.target.value)} autoFocus />
        </label>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Open Drawer
        </button>
      </div>
    </form>
  );
}
