import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { drawerWords } from '@shared/schemas/drawer';
import { openDrawer } from '../api/open-drawer';

/** The drawer is closed: count the float into it and open a session on this register (`register`: its code and name, as shown). */
export function OpenDrawerForm({ register }: { register: string }) {
  const [float, setFloat] = useState('');
  const { saving, submit } = useFormSubmit(
    async () => {
      await openDrawer(float.trim() === '' ? '0' : float);
      toast.success(drawerWords.recordedOpen);
    },
    (error) => (error instanceof Error && error.message ? error.message : 'The drawer could not be opened.'),
  );
  return (
    <form className="panel open-drawer-form" onSubmit={submit} noValidate>
      <h2>Open the drawer</h2>
      <p className="muted">
        Register <strong className="mono">{register}</strong>. Count the float into the drawer: everything cash on this register counts from now until the drawer is closed.
      </p>
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
