import { useState } from 'react';
import { ValidationError } from '@/sync/validation-error';

/**
 * An in-page panel's one action (record a delivery, a return, a bill, a payment): runs it, keeps the
 * `saving` flag, and holds its refusal as the panel's own message in the page (the operation's
 * words, else `failure`), never a dialog. A new attempt clears the last message.
 */
export function usePanelAction(failure: string) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  async function run(action: () => Promise<void>) {
    setSaving(true);
    setProblem('');
    try {
      await action();
    } catch (error) {
      setProblem(error instanceof ValidationError ? error.message : failure);
    } finally {
      setSaving(false);
    }
  }
  return { saving, problem, setProblem, run };
}

interface PanelFooterProps {
  problem: string;
  saving: boolean;
  /** The action's button, e.g. 'Record Delivery'. */
  label: string;
  onAction: () => void;
  onClose: () => void;
  disabled?: boolean;
}

/** A panel's message, if any, then Close and its action. */
export function PanelFooter({ problem, saving, label, onAction, onClose, disabled }: PanelFooterProps) {
  return (
    <>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <div className="page-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
          Close
        </button>
        <button type="button" className="btn btn-primary" onClick={onAction} disabled={saving || disabled}>
          {label}
        </button>
      </div>
    </>
  );
}
