import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { useFormSubmit } from '@/components/ui/use-form-submit';
import { moveDrawerCash } from '../api/move-drawer-cash';

const titles = { payIn: 'Pay In', payOut: 'Pay Out' } as const;

/** Pay In (change brought from the bank) or Pay Out (cash taken to the bank): an amount and why. */
export function MoveCashModal({ sessionId, kind, onClose }: { sessionId: string; kind: 'payIn' | 'payOut'; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { saving, submit } = useFormSubmit(
    async () => {
      await moveDrawerCash(sessionId, kind, amount, reason);
      toast.success(`${titles[kind]} recorded.`);
      onClose();
    },
    (error) => (error instanceof Error && error.message ? error.message : `The ${titles[kind].toLowerCase()} could not be recorded.`),
  );
  return (
    <Modal title={titles[kind]} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <label className="field">
            <span className="required">Amount (LKR)</span>
            <input name="amount" type="number" inputMode="decimal" min={0} step={0.01} value={amount} onChange={(event) => setAmount(event.target.value)} autoFocus />
          </label>
          <label className="field">
            <span className="required">Reason</span>
            <input
              name="reason"
              maxLength={200}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              placeholder={kind === 'payIn' ? 'Change from the bank' : 'Cash to the bank'}
            />
          </label>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : `Record ${titles[kind]}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
