import { Modal } from '@/components/ui/modal';
import { describeMutation } from '@/sync/problem-advice';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import type { ImportSummary } from '@shared/sync/import-summary';

interface ImportPreviewProps {
  summary: ImportSummary;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
}

/** Who the server will not let act: their changes are counted but not applied. */
function authorNote(author: ImportSummary['authors'][number]): string {
  if (!author.known) return 'not a user of this server: not applied';
  if (!author.active) return 'account deactivated: not applied';
  return author.role ?? '';
}

/**
 * What a file of another device's unsent changes does, as the server read it after checking every
 * signature (issue 42, point 1): the Admin sees how many changes of each kind, by whom (with the role
 * each will act with now) and the money in them, and only then sends them.
 */
export function ImportPreview({ summary, sending, onSend, onCancel }: ImportPreviewProps) {
  const changes = `${summary.changes} ${summary.changes === 1 ? 'change' : 'changes'}`;
  return (
    <Modal
      title="Unsent changes from another device"
      onClose={onCancel}
      footer={
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={onSend} disabled={sending}>
            {sending ? 'Sending…' : `Send ${changes}`}
          </button>
        </div>
      }
    >
      <p>
        {changes} made on register {summary.deviceCode ?? 'without a code'}, exported by {summary.exportedBy} on {formatDateTime(summary.exportedAt)}. Each runs with the rights its
        author holds now.
      </p>
      <table className="data-table import-summary" aria-label="Changes by kind">
        <thead>
          <tr>
            <th>Change</th>
            <th className="num">Count</th>
          </tr>
        </thead>
        <tbody>
          {summary.kinds.map((kind) => (
            <tr key={kind.name}>
              <td>{describeMutation(kind.name)}</td>
              <td className="num">{kind.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="data-table import-summary" aria-label="Changes by author">
        <thead>
          <tr>
            <th>Made by</th>
            <th>Acts as</th>
            <th className="num">Changes</th>
          </tr>
        </thead>
        <tbody>
          {summary.authors.map((author) => (
            <tr key={author.id}>
              <td>{author.name || 'No author'}</td>
              <td className={author.known && author.active ? '' : 'warning-text'}>{authorNote(author)}</td>
              <td className="num">{author.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {summary.money.length > 0 && (
        <table className="data-table import-summary" aria-label="Money in the changes">
          <thead>
            <tr>
              <th>Money</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {summary.money.map((line) => (
              <tr key={line.kind}>
                <td>{line.kind}</td>
                <td className="num">{formatMoney(line.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
