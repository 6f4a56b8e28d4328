import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { BellIcon } from '@/components/ui/icons';
import { attentionKindLabels, attentionKinds } from '@shared/domain/attention';
import { silentRegisterEntries, useAttention, type AttentionEntry } from '../api/use-attention';
import { useRegisterContacts } from '../api/use-register-contacts';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { useBellState } from '../api/bell-state';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { orderFromLowStock, orderedWords } from '@/lib/purchasing/order-from-low-stock';

/** A minute's tick: promised times pass without any data changing. */
function useMinute(): number {
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  useEffect(() => {
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 30_000);
    return () => clearInterval(timer);
  }, []);
  return minute;
}

/**
 * The top bar's bell (issue 28): what needs attention, worked out on this device from its own data
 * (offline too), with the count of what this user has not read. Each entry opens its screen and is
 * read then; each kind can be turned off.
 */
export function BellButton() {
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  const minute = useMinute();
  const deviceEntries = useAttention(user?.role, minute);
  const contacts = useRegisterContacts(user?.role);
  const ownCode = useLiveQuery(async () => (await db.syncState.get('deviceCode'))?.value ?? '', []) ?? '';
  const entries = deviceEntries && [...deviceEntries, ...silentRegisterEntries(contacts, minute * 60_000, ownCode)];
  const { state, markRead, setKindOn, keep } = useBellState(user?._id);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  const keys = entries?.map((entry) => entry.key).join('|');
  useEffect(() => {
    if (entries) keep(entries.map((entry) => entry.key));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the entries themselves change
  }, [keys]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!panel.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const shown = (entries ?? []).filter((entry) => !state.off.includes(entry.kind));
  const unread = shown.filter((entry) => !state.read.includes(entry.key));
  // Issue 44: the drafts for what is low, made here, then the orders list.
  const order = async (entry: AttentionEntry) => {
    markRead([entry.key]);
    setOpen(false);
    try {
      const made = await orderFromLowStock();
      toast.success(orderedWords(made));
      if (made.orderIds.length > 0) navigate(paths.purchaseOrders);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to make the draft orders.');
    }
  };
  const choose = (entry: AttentionEntry) => {
    markRead([entry.key]);
    if (entry.href) {
      setOpen(false);
      navigate(entry.href);
    }
  };

  return (
    <div className="bell" ref={panel}>
      <button
        type="button"
        className="icon-button bell-button"
        aria-label={unread.length > 0 ? `Notifications, ${unread.length} unread` : 'Notifications'}
        title="Notifications"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
        {unread.length > 0 && (
          <span className="bell-count" data-testid="bell-count">
            {unread.length}
          </span>
        )}
      </button>
      {open && (
        <div className="bell-panel" role="dialog" aria-label="Notifications">
          <div className="bell-panel-header">
            <strong>Needs attention</strong>
            <button type="button" className="link-button" disabled={unread.length === 0} onClick={() => markRead(shown.map((entry) => entry.key))}>
              Mark all read
            </button>
          </div>
          {shown.length === 0 && <p className="bell-empty muted">Nothing needs attention.</p>}
          <ul className="bell-entries">
            {shown.map((entry) => (
              <li key={entry.key}>
                <button type="button" className={`bell-entry${state.read.includes(entry.key) ? '' : ' unread'}`} onClick={() => choose(entry)}>
                  <span className="bell-entry-title">{entry.title}</span>
                  {entry.detail && <span className="bell-entry-detail">{entry.detail}</span>}
                </button>
                {entry.order && (
                  <button type="button" className="btn btn-small btn-primary bell-order" onClick={() => void order(entry)}>
                    Order
                  </button>
                )}
              </li>
            ))}
          </ul>
          <details className="bell-kinds">
            <summary>Show</summary>
            {attentionKinds.map((kind) => (
              <label key={kind} className="bell-kind">
                <input type="checkbox" checked={!state.off.includes(kind)} onChange={(event) => setKindOn(kind, event.target.checked)} />
                {attentionKindLabels[kind]}
              </label>
            ))}
          </details>
        </div>
      )}
    </div>
  );
}
