import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

// Open modals, innermost last: Escape closes only the top one (the item form's category dialog
// must not take the item form with it).
const openModals: symbol[] = [];

/**
 * A dialog over the page. Escape, × and Cancel close it; a tap beside it does not, because on a
 * tablet that would throw away a half-filled form.
 */
export function Modal({ title, onClose, children, footer, wide }: ModalProps) {
  const titleId = useId();
  const self = useRef(Symbol(title));
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const me = self.current;
    openModals.push(me);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openModals.at(-1) === me) close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(me), 1);
    };
  }, []);

  return (
    <div className="modal-backdrop">
      <div className={`modal${wide ? ' modal-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
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
