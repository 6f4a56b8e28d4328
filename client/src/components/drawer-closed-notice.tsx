import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Modal } from './ui/modal';
import { OpenDrawerForm } from './open-drawer-form';
import { useDrawerOpen } from '@/lib/use-drawer-open';
import { drawerWords } from '@shared/schemas/drawer';

/**
 * Said before cash is taken on a register whose drawer is not open (issue 47): the cash still stands
 * (a fact) and the next session counts it as taken while closed, but the cashier hears it first and
 * can open the drawer from here, in a dialog over the screen, without losing the sale or payment.
 */
export function DrawerClosedNotice() {
  const drawerOpen = useDrawerOpen();
  const [opening, setOpening] = useState(false);
  if (drawerOpen !== false) return null;
  return (
    <div className="drawer-closed-notice" role="status">
      <span>{drawerWords.closedNotice}</span>
      <button type="button" className="btn btn-small btn-secondary" onClick={() => setOpening(true)}>
        {drawerWords.openButton}
      </button>
      {/* Out of the page's tree: the notice sits inside payment forms, and a form holds no form. */}
      {opening &&
        createPortal(
          <Modal title={drawerWords.openButton} onClose={() => setOpening(false)}>
            <OpenDrawerForm look="dialog" onOpened={() => setOpening(false)} />
          </Modal>,
          document.body,
        )}
    </div>
  );
}
