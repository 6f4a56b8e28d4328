import { useEffect, useRef, useState } from 'react';
import { importKindLabels, type ImportKind } from '@shared/import/columns';
import { can } from '@shared/domain/permissions';
import { useSession } from '@/session/session-store';
import { currentAuthor } from '@/sync/mutate';
import { ImportWorker } from './api/import-worker';
import { rememberColumns, rememberedColumns } from './api/remembered-columns';
import { downloadProblems, downloadTemplate } from './api/download-template';
import { KindPicker } from './components/kind-picker';
import { ColumnMapping } from './components/column-mapping';
import { DryRunSummary } from './components/dry-run-summary';
import { WriteProgress } from './components/write-progress';
import { Reconciliation } from './components/reconciliation';
import { PastImports } from './components/past-imports';
import type { Applied, ColumnsAnswer, DryRun, Progress } from './worker/protocol';

type Step =
  | { at: 'choose' }
  | { at: 'opening' }
  | { at: 'columns'; answer: ColumnsAnswer }
  | { at: 'checking'; progress: Progress | null }
  | { at: 'checked'; dryRun: DryRun }
  | { at: 'writing'; rowsDone: number; rowsTotal: number; startedAt: number; now: number; stopping: boolean }
  | { at: 'done'; applied: Applied };

/**
 * Settings → Import (issue 43): a file of customers with their vehicles, items, services or opening
 * balances (the old books' unpaid invoices), read and checked on this device in a worker, shown as a
 * dry run, then written through the normal operations, offline too. Admins and Managers; an Admin
 * may undo an import.
 */
export function ImportPage() {
  const role = useSession((state) => state.user?.role);
  const [kind, setKind] = useState<ImportKind>('customers');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const worker = useRef<ImportWorker | null>(null);
  useEffect(() => () => worker.current?.end(), []);

  const busy = step.at === 'opening' || step.at === 'checking' || step.at === 'writing';
  const onProgress = (progress: Progress) => {
    if (progress.phase === 'writing') {
      setStep((now) => (now.at === 'writing' ? { ...now, rowsDone: progress.rowsDone ?? 0, now: performance.now() } : now));
    } else setStep((now) => (now.at === 'checking' ? { at: 'checking', progress } : now));
  };
  const fail = (failure: unknown) => {
    setError((failure as Error).message);
    setStep({ at: 'choose' });
  };

  async function choose(chosen: File | null, forKind = kind) {
    worker.current?.end();
    worker.current = null;
    setError(null);
    setFile(chosen);
    if (!chosen) return setStep({ at: 'choose' });
    setStep({ at: 'opening' });
    worker.current = new ImportWorker(onProgress);
    try {
      const answer = await worker.current.open(chosen, forKind, rememberedColumns(forKind));
      if (answer.match.unmatched.length || answer.match.missing.length) setStep({ at: 'columns', answer });
      else await check(answer.match.byKey);
    } catch (failure) {
      fail(failure);
    }
  }

  async function check(byKey: Record<string, number>) {
    setStep({ at: 'checking', progress: null });
    try {
      setStep({ at: 'checked', dryRun: await worker.current!.check(byKey) });
    } catch (failure) {
      fail(failure);
    }
  }

  async function write(skipProblems: boolean, dryRun: DryRun) {
    const rowsTotal = dryRun.rowsToWrite;
    const startedAt = performance.now();
    setStep({ at: 'writing', rowsDone: 0, rowsTotal, startedAt, now: startedAt, stopping: false });
    try {
      setStep({ at: 'done', applied: await worker.current!.apply(currentAuthor(), skipProblems) });
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <section className="page import-page">
      <div className="page-header">
        <h1>Import</h1>
      </div>
      <div className="panel">
        <p className="muted">
          Bring a shop's records from a spreadsheet: CSV (comma, semicolon or tab; UTF-8, Unicode text or Windows-1252) or Excel (.xlsx), up to 100 MB. The file is read on this
          device and never sent whole to the server. Columns are matched by the labels of our forms.
        </p>
        <KindPicker
          kind={kind}
          disabled={busy}
          onChange={(next) => {
            setKind(next);
            void choose(null, next);
          }}
        />
        <p>
          <button type="button" className="link" onClick={() => downloadTemplate(kind)}>
            Download the {importKindLabels[kind].toLowerCase()} template
          </button>
        </p>
        <label className="field">
          <span>File to import</span>
          <input
            type="file"
            accept=".csv,.tsv,.txt,.xlsx,text/csv,text/plain,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
          />
        </label>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
      </div>
      {step.at === 'opening' && <p className="muted">Reading {file?.name}…</p>}
      {step.at === 'columns' && (
        <ColumnMapping
          kind={kind}
          answer={step.answer}
          onCheck={(byKey, chosen) => {
            rememberColumns(kind, chosen);
            void check(byKey);
          }}
        />
      )}
      {step.at === 'checking' && (
        <div className="panel">
          <p className="muted">
            {step.progress?.phase === 'checking' ? `Checking ${step.progress.total} rows…` : 'Reading the file…'}
            {step.progress?.phase === 'reading' && ` ${Math.round((step.progress.done / Math.max(1, step.progress.total)) * 100)}%`}
          </p>
        </div>
      )}
      {step.at === 'checked' && (
        <DryRunSummary
          dryRun={step.dryRun}
          onDownloadProblems={() => worker.current?.problemsFile().then((csv) => downloadProblems(csv, kind), fail)}
          onImport={(skip) => void write(skip, step.dryRun)}
        />
      )}
      {step.at === 'writing' && (
        <WriteProgress
          rowsDone={step.rowsDone}
          rowsTotal={step.rowsTotal}
          elapsedMs={step.now - step.startedAt}
          stopping={step.stopping}
          onStop={() => {
            worker.current?.stop();
            setStep((now) => (now.at === 'writing' ? { ...now, stopping: true } : now));
          }}
        />
      )}
      {step.at === 'done' && <Reconciliation applied={step.applied} />}
      <PastImports canUndo={can(role, 'undoImports')} busy={busy} />
    </section>
  );
}
