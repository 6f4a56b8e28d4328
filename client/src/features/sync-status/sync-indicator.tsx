import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { isOnline, useSyncStatusStore } from '@/sync/sync-status-store';
import { syncNow } from '@/sync/start-sync';
import { useSyncCounts } from './use-sync-counts';
import type * as ResolveProblem from './resolve-problem';

// Retry and Discard write through the mutation layer (every schema): loaded on the first click.
const resolving = (): Promise<typeof ResolveProblem> => import('./resolve-problem');
const retryProblem = async (problem: SyncProblem) => (await resolving()).retryProblem(problem);
const discardProblem = async (problem: SyncProblem) => (await resolving()).discardProblem(problem);
import { toast } from '@/components/ui/toast-store';
import { FocusPanel } from '@/components/ui/focus-panel';
import { formatDateTime } from '@/lib/format-date';
import { useSession } from '@/session/session-store';
import { useWaitingChanges, waitingMessage } from '@/sync/use-waiting-changes';
import { downloadPercent, type SyncProblem } from '@/db/db';
import { describeMutation, problemAdvice } from '@/sync/problem-advice';
import { useRefusalToasts } from './use-refusal-toasts';
import { OutboxFileActions } from './outbox-file-actions';

interface SyncIndicatorProps {
  /** A refused change that can be opened in its form, corrected and sent again. */
  isEditable?: (problem: SyncProblem) => boolean;
  /** Whether a problem may be discarded: a sale or a payment never is (money taken stays on the device until recorded). */
  canDiscard?: (problem: SyncProblem) => boolean;
  onEditProblem?: (problem: SyncProblem) => void;
}

/** Top-bar status: online or offline, unsynced changes, last sync, and the sync problems list. */
export function SyncIndicator({ isEditable, canDiscard = () => true, onEditProblem }: SyncIndicatorProps) {
  const { phase, lastError, persistence } = useSyncStatusStore();
  const online = useSyncStatusStore(isOnline);
  const { pending, problems, lastSyncAt, download } = useSyncCounts();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const problemList = useLiveQuery(() => (open ? db.problems.toArray() : []), [open], []);
  const userId = useSession((session) => session.user?._id);
  const waiting = useWaitingChanges(userId);
  const openProblems = useCallback(() => setOpen(true), []);
  useRefusalToasts(userId, openProblems);

  useEffect(() => {
    const onClick = (event: MouseEvent) => ref.current && !ref.current.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', onClick);
    return () => document.removeEventListener('mousedown', onClick);
  }, []);

  // A download interrupted by going offline keeps its place: 'Offline' until it resumes.
  const downloading = online && download && phase !== 'signed-out' ? `Downloading… ${downloadPercent(download)}%` : null;
  const label = !online
    ? 'Offline'
    : phase === 'signed-out'
      ? 'Log in to sync'
      : phase === 'update-required'
        ? 'Update needed'
        : (downloading ?? (pending > 0 ? 'Syncing' : 'Online'));
  const state = !online ? 'offline' : problems > 0 ? 'problem' : pending > 0 || phase === 'syncing' || downloading ? 'pending' : 'synced';

  return (
    <div className="sync-indicator" ref={ref}>
      <button type="button" className={`sync-button sync-${state}`} onClick={() => setOpen(!open)} aria-expanded={open} data-testid="sync-indicator">
        <span className="sync-dot" aria-hidden="true" />
        <span className="sync-label" role={downloading ? 'status' : undefined}>
          {label}
        </span>
        {pending > 0 && (
          <span className="badge" data-testid="unsynced-count" title="Unsynced changes">
            {pending}
          </span>
        )}
        {problems > 0 && (
          <span className="badge badge-error" title="Sync problems">
            !{problems}
          </span>
        )}
      </button>
      {open && (
        <FocusPanel className="dropdown sync-panel" role="dialog" aria-label="Sync status" onClose={() => setOpen(false)}>
          <p>
            <strong>{online ? 'Online' : 'Offline'}</strong>
            {!online && ' - your work is saved on this device and will be sent when the connection returns.'}
          </p>
          <p>
            Unsynced changes: <strong>{pending}</strong>
          </p>
          {waiting.map((entry) => (
            <p key={entry.authorId} className="muted" data-testid="waiting-changes">
              {waitingMessage(entry)}.
            </p>
          ))}
          <p>Last successful sync: {lastSyncAt ? formatDateTime(lastSyncAt) : 'never'}</p>
          {lastError && online && <p className="muted">Last attempt: {lastError}</p>}
          {persistence === 'refused' && <p className="warning-text">This browser did not grant persistent storage; install the app to protect offline data.</p>}
          <div className="sync-panel-actions">
            <button type="button" className="btn btn-secondary" onClick={() => syncNow()} disabled={!online || phase === 'syncing'}>
              Sync now
            </button>
            <OutboxFileActions pending={pending} online={online} />
          </div>
          <h3>Sync problems</h3>
          {problemList.length === 0 ? (
            <p className="muted">No sync problems.</p>
          ) : (
            <ul className="problem-list">
              {problemList.map((problem) => (
                <li key={problem.key}>
                  <div>
                    <strong>{describeMutation(problem.mutation.name)}</strong>: {problem.message}
                  </div>
                  <p className="problem-advice">{problemAdvice(problem)}</p>
                  <div className="muted">{formatDateTime(problem.at)}</div>
                  <button type="button" className="btn btn-small" onClick={() => retryProblem(problem).catch((error: Error) => toast.warning(error.message))}>
                    Retry
                  </button>
                  {onEditProblem && isEditable?.(problem) && (
                    <button
                      type="button"
                      className="btn btn-small btn-secondary"
                      onClick={() => {
                        setOpen(false);
                        onEditProblem(problem);
                      }}
                    >
                      Edit
                    </button>
                  )}
                  {canDiscard(problem) ? (
                    <button type="button" className="btn btn-small btn-secondary" onClick={() => void discardProblem(problem)}>
                      Discard
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </FocusPanel>
      )}
    </div>
  );
}
