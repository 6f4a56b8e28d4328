import { useRef, useState, type ChangeEvent } from 'react';
import { useSession } from '@/app/session-store';
import { toast } from '@/components/ui/toast-store';
import { can } from '@shared/domain/permissions';
import { outboxFileWords, readOutboxFile } from '@shared/sync/outbox-file';
import { exportOutbox } from './api/export-outbox';
import { sendImported } from './api/send-imported';

/**
 * 'When all else fails' (issue 28): 'Export unsent changes' saves this device's outbox as a file
 * (offline too), and an Admin's 'Import unsent changes' sends such a file from this device, each
 * change once, as the device and the author that made it.
 */
export function OutboxFileActions({ pending, online }: { pending: number; online: boolean }) {
  const user = useSession((state) => state.user);
  const picker = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);

  const exportNow = () => {
    void exportOutbox(user?.name ?? '')
      .then((count) => toast.success(`Saved ${count} unsent ${count === 1 ? 'change' : 'changes'} to a file.`))
      .catch(() => toast.error('The file could not be saved. Please try again.'));
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const file = readOutboxFile(await chosen.text());
    if (!file) return toast.warning(outboxFileWords.notAnExport);
    if (!online) return toast.warning(outboxFileWords.needsConnection);
    setSending(true);
    try {
      const result = await sendImported(file);
      const words = outboxFileWords.sent(result.applied, result.refused.length);
      if (result.refused.length === 0) toast.success(words);
      else
        toast.warning(
          `${words} ${result.refused
            .map((refusal) => refusal.message)
            .slice(0, 3)
            .join(' ')}`,
        );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The changes could not be sent.');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={exportNow} disabled={pending === 0}>
        Export unsent changes
      </button>
      {can(user?.role, 'manageStaff') && (
        <>
          <button type="button" className="btn btn-secondary" onClick={() => picker.current?.click()} disabled={sending}>
            {sending ? 'Sending…' : 'Import unsent changes'}
          </button>
          <input ref={picker} type="file" accept=".json,application/json" hidden aria-label="Unsent changes file" onChange={(event) => void importFile(event)} />
        </>
      )}
    </>
  );
}
