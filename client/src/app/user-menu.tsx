import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/session-store';
import { db } from '../db/instance';
import { apiRequest } from '../session/api-client';
import { paths } from '../lib/paths';
import { FocusPanel } from '../components/ui/focus-panel';
import { confirmInPage } from '../components/ui/confirm-store';

/** Name and role with one 'Logout' action; closes on a click outside (spec 2.4). */
export function UserMenu() {
  const { user, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const onClick = (event: MouseEvent) => ref.current && !ref.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', onClick);
    return () => document.removeEventListener('mousedown', onClick);
  }, []);

  async function logout() {
    const pending = await db.outbox.count();
    const message = `You have ${pending} unsynced change(s). They stay on this device and are sent after the next login here.`;
    if (pending > 0 && !(await confirmInPage({ title: 'Log out anyway?', message, confirmLabel: 'Log out', cancelLabel: 'Stay logged in' }))) return;
    apiRequest('POST', '/api/user/logout').catch(() => undefined); // offline: the token just expires
    signOut();
    navigate(paths.login);
  }

  return (
    <div className="user-menu" ref={ref}>
      <button type="button" className="user-menu-button" onClick={() => setOpen(!open)} aria-expanded={open} aria-haspopup="menu">
        <span className="avatar" aria-hidden="true">
          {(user?.name ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu-text">
          <span>{user?.name}</span>
          <small>{user?.role ?? 'Staff'}</small>
        </span>
      </button>
      {open && (
        <FocusPanel className="dropdown" role="menu" aria-label="User menu" onClose={() => setOpen(false)}>
          <div className="dropdown-header">
            <strong>{user?.name}</strong>
            <div className="muted">{user?.role ?? 'Staff'}</div>
          </div>
          <button type="button" role="menuitem" className="dropdown-item" onClick={() => void logout()}>
            Logout
          </button>
        </FocusPanel>
      )}
    </div>
  );
}
