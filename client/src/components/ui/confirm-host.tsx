import { useId } from 'react';
import { Modal } from './modal';
import { useConfirmStore, type PendingConfirm } from './confirm-store';

function ConfirmDialog({ asking }: { asking: PendingConfirm }) {
  const answer = useConfirmStore((state) => state.answer);
  const messageId = useId();
  const no = () => answer(asking.id, false);
  return (
    <Modal title={asking.title} onClose={no} role="alertdialog" describedBy={messageId}>
      <p id={messageId} className="confirm-message">
        {asking.message}
      </p>
      <div className="modal-actions">
        {/* The safe answer has the focus: Enter on a tablet's keyboard never throws anything away. */}
        <button type="button" className="btn btn-secondary" onClick={no} autoFocus>
          {asking.cancelLabel ?? 'Cancel'}
        </button>
        <button type="button" className={asking.danger ? 'btn btn-danger' : 'btn btn-primary'} onClick={() => answer(asking.id, true)}>
          {asking.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** The page's confirmations (confirmInPage), in the product's words and look, never the browser's. */
export function ConfirmHost() {
  const asking = useConfirmStore((state) => state.asking);
  return asking ? <ConfirmDialog key={asking.id} asking={asking} /> : null;
}
