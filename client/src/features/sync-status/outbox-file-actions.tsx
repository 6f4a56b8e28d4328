import { useRef, useState, type ChangeEvent } from 'react';
import { useSession } from '@/session/session-store';
import { toast } from '@/components/ui/toast-store';
import { currentAuthor } from '@/sync/mutate';
import { can } from '@shared/domain/permissions';
import { outboxFileWords, readOutboxFile, type OutboxFile } from '@shared/sync/outbox-file';
import type { ImportSummary } from '@shared/sync/import-summary';
import { exportOutbox } from './api/export-outbox';
import { checkImport } from './api/check-import';
import { sendImported } from './api/send-imported';
import { ImportPreview } from './import-preview';

/**
 * 'When all else fails' (issue 28): 'Export unsent changes' saves this device's outbox as a signed
 * file (offline too), and an Admin's 'Import unsent changes' has the server check such a file, shows
 * what it does, and on 'Send' sends it from this device, each change once, as the device that made
 * it and with its author's rights as they are now (issue 42, point 1).
 */
export function OutboxFileActions({ pending, online }: { pending: number; online: boolean }) {
  const user = useSession((state) => state.user);
  const picker = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [checked, setChecked] = useState<{ file: OutboxFile; summary: ImportSummary } | null>(null);

  const exportNow = () => {
    void Promise.resolve()
      .then(() => exportOutbox(currentAuthor()))
      .then((count) => toast.success(`Saved ${count} unsent ${count === 1 ? 'change' : 'changes'} to a file.`))
      .catch(() => toast.error('The file could not be saved. Please try again.'));
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const read = readOutboxFile(await chosen.text());
    if ('problem' in read) return toast.warning(read.problem);
    if (!online) return toast.warning(outboxFileWords.needsConnection);
    try {
      setChecked({ file: read.file, summary: await checkImport(read.file) });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The file could not be checked.');
    }
  };

  const send = async (file: OutboxFile) => {
    setSending(true);
    try {
      const result = await sendImported(file);
      const words = outboxFileWords.sent(result.applied, result.refused.length);
      if (result.refused.length === 0) toast.success(words);
      else toast.warning(`${words} ${[...new Set(result.refused.map((refusal) => refusal.message))].slice(0, 3).join(' ')}`);
      setChecked(null);
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
      {checked && <ImportPreview summary={checked.summary} sending={sending} onSend={() => void send(checked.file)} onCancel={() => setChecked(null)} />}
    </>
  );
}
