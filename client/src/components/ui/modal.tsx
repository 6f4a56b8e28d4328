import { useId, useRef, type ReactNode } from 'react';
import { useFocusLayer } from './use-focus-layer';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** 'alertdialog' for a question that interrupts (confirm-host.tsx). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the dialog is about. */
  describedBy?: string;
}

/**
 * A dialog over the page. Escape, × and Cancel close it; a tap beside it does not, because on a
 * tablet that would throw away a half-filled form. Focus stays inside while it is open and goes
 * back to the opener when it closes; a form's actions stay in view however long the form is.
 */
export function Modal({ title, onClose, children, footer, wide, role = 'dialog', describedBy }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useFocusLayer(dialog, onClose);

  return (
    <div className="modal-backdrop">
      <div ref={dialog} tabIndex={-1} className={`modal${wide ? ' modal-wide' : ''}`} role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={describedBy}>
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
