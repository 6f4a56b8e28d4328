import { useWaitingChanges, waitingMessage } from '../sync/use-waiting-changes';

/** The login screen's notices of changes other users made here and have not sent (docs/sync-rules.md, rule 11). */
export function WaitingNotices() {
  const waiting = useWaitingChanges(null);
  return waiting.map((entry) => (
    <p key={entry.authorId} className="notice" data-testid="waiting-changes">
      {waitingMessage(entry)}.
    </p>
  ));
}
