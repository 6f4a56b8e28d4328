import { useState } from 'react';
import { importKindLabels, type ImportKind } from '@shared/import/columns';
import { formatDateTime } from '@/lib/format-date';
import { confirmInPage } from '@/components/ui/confirm-store';
import { useImportRuns } from '../api/use-import-runs';
import { undoImportRun } from '../api/undo-import-run';
import type { UndoReport } from '../apply/undo-import';
import type { ImportRun } from '@/db/db';

const statusOf = (run: ImportRun) => (run.undoneAt ? 'Undone' : run.finishedAt ? 'Finished' : `Stopped at ${run.done} of ${run.total} changes`);

/** The imports made on this device; an Admin undoes one as a whole (issue 43, point 5). */
export function PastImports({ canUndo, busy }: { canUndo: boolean; busy: boolean }) {
  const runs = useImportRuns();
  const [undoing, setUndoing] = useState<string | null>(null);
  const [report, setReport] = useState<{ run: ImportRun; report: UndoReport } | { run: ImportRun; error: string } | null>(null);
  if (!runs?.length) return null;

  async function undo(run: ImportRun) {
    // Nothing of an opening-balances import is removed (an invoice is never deleted): no question, the undo says why.
    const yes =
      run.kind === 'openingBalances' ||
      (await confirmInPage({
        title: 'Undo import',
        message: `Remove what the import of ${run.fileName} made? Records used since (sold, on a job card or an invoice) stay, and you will see which.`,
        confirmLabel: 'Undo import',
        danger: true,
      }));
    if (!yes) return;
    setUndoing(run.id);
    try {
      setReport({ run, report: await undoImportRun(run.id) });
    } catch (error) {
      setReport({ run, error: (error as Error).message });
    } finally {
      setUndoing(null);
    }
  }

  return (
    <div className="panel past-imports">
      <h2 className="panel-title">Imports on this device</h2>
      <table className="table">
        <thead>
          <tr>
            <th>File</th>
            <th>Kind</th>
            <th>When</th>
            <th>By</th>
            <th>Status</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              <td>{run.fileName}</td>
              <td>{importKindLabels[run.kind as ImportKind] ?? run.kind}</td>
              <td className="nowrap">{formatDateTime(run.startedAt)}</td>
              <td>{run.userName}</td>
              <td>{statusOf(run)}</td>
              <td>
                {canUndo && !run.undoneAt && (
                  <button
                    type="button"
                    className="btn btn-small btn-danger"
                    disabled={busy || undoing !== null}
                    onClick={() => void undo(run)}
                    aria-label={`Undo import of ${run.fileName}`}
                  >
                    {undoing === run.id ? 'Undoing…' : 'Undo'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report && 'error' in report && (
        <p className="error-text" role="alert">
          {report.error}
        </p>
      )}
      {report && 'report' in report && (
        <div className="import-undo-report" role="status">
          <p>
            Undo of {report.run.fileName}: {report.report.removed} {report.report.removed === 1 ? 'record' : 'records'} removed
            {report.report.keptCount > 0 ? `; ${report.report.keptCount} kept, as they have been used since:` : '.'}
          </p>
          {report.report.kept.length > 0 && (
            <ul className="problem-list">
              {report.report.kept.map((kept) => (
                <li key={kept.id}>
                  {kept.name}: {kept.reason}
                </li>
              ))}
            </ul>
          )}
          <p className="muted">Changes the import made to records it did not make stay as they are.</p>
        </div>
      )}
    </div>
  );
}
