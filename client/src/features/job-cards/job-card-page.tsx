import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { warmSearchIndex } from '@/search';
import { jobCards } from './api/job-tables';
import type { JobCardRow } from '@shared/schemas/job-card';
import { useJobCard } from './api/use-job-card';
import { JobCardEditor } from './components/job-card-editor';
import { throwAwayJobDraft, useNewJobDraftKept } from './api/job-drafts';
import { newJobDraftKey } from './api/job-form';
import { confirmInPage } from '@/components/ui/confirm-store';
import { CurrentJobsTab } from './components/current-jobs-tab';
import { FinishedJobsTab } from './components/finished-jobs-tab';
import { jobPagePath } from '@/components/print/reprint-path';
import { JobSearch } from './components/job-search';
import { JobNumber } from '@/components/job-number';
import { jobSheetPath } from '@/components/print/reprint-path';

const tabs = [
  { key: 'vehicle', label: 'Vehicle Details' },
  { key: 'detail', label: 'Job Detail' },
  { key: 'current', label: 'Current Jobs' },
  { key: 'finished', label: 'Finished Jobs' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

/**
 * The Job Card screen (spec 2.7). The job being edited and the tab are in the address
 * (?id=…&tab=…), so a reload or the back button keeps the mechanic where they were.
 */
export function JobCardPage() {
  // The job lists' in-memory index is built when someone opens the job cards, not at start (where
  // reading 100,000 jobs slowed the other screens' first searches): Current and Finished Jobs then
  // page and search from it rather than from IndexedDB (docs/benchmarks-history.md, issue 7).
  useEffect(() => {
    void warmSearchIndex(jobCards).catch(() => undefined);
  }, []);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const jobId = params.get('id');
  const tab: TabKey = tabs.some((t) => t.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'vehicle';
  const view = useJobCard(jobId);

  const go = (next: { id?: string | null; tab: TabKey }) => {
    const search = new URLSearchParams();
    const id = next.id === undefined ? jobId : next.id;
    if (id) search.set('id', id);
    search.set('tab', next.tab);
    // The same job card keeps its form (and so what is typed) from one tab to the other.
    const started = params.get('n');
    if (started && id === jobId) search.set('n', started);
    setParams(search);
  };
  const edit = (job: JobCardRow) => go({ id: job.id, tab: 'vehicle' });
  const openFound = (job: JobCardRow) => (job.status === 'Finished' ? navigate(jobPagePath(job.id)) : edit(job));
  // A job the device does not hold (deleted, or a mistyped address) starts a new one.
  const loading = jobId !== null && view === undefined;
  const job = view?.job ?? null;
  const formKey = `${jobId ?? 'new'}:${job ? 'loaded' : 'none'}:${params.get('n') ?? ''}`;
  // A new job being written: kept on the device, or typed this moment on the form (not written yet).
  const newJobKept = useNewJobDraftKept();
  const [typingNewJob, setTypingNewJob] = useState(false);

  // 'Add New Job' (spec 2.7: resets the form) never throws away a new job being written unasked.
  async function addNewJob() {
    if (newJobKept || typingNewJob) {
      const discard = await confirmInPage({
        title: 'Start a new job card?',
        message: 'The new job card being written has not been saved. Discard it and start a blank one?',
        confirmLabel: 'Discard and start new',
        cancelLabel: 'Keep it',
        danger: true,
      });
      if (!discard) return go({ id: null, tab: 'vehicle' });
      await throwAwayJobDraft(newJobDraftKey);
    }
    setParams(new URLSearchParams({ tab: 'vehicle', n: String(Date.now()) }));
  }

  return (
    <section className="page job-card-page">
      <div className="page-header">
        <h1>Job Card</h1>
        <div className="page-actions">
          <JobSearch onOpen={openFound} />
          {/* In the header's row, so the form below keeps its place. */}
          {job && (tab === 'vehicle' || tab === 'detail') && (
            <Link className="btn btn-secondary" to={jobSheetPath(job.id)}>
              Print Job Sheet
            </Link>
          )}
          <button type="button" className="btn btn-primary" onClick={() => void addNewJob()}>
            Add New Job
          </button>
        </div>
      </div>
      <div className="tabs" role="tablist" aria-label="Job card">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`panel-${t.key}`}
            className={tab === t.key ? 'tab active' : 'tab'}
            onClick={() => go({ tab: t.key })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {job && (tab === 'vehicle' || tab === 'detail') && (
          <p className="job-context">
            Editing <JobNumber job={job} /> · {job.customerName} · {job.vehicleLicensePlate} · {job.status}
          </p>
        )}
        {loading ? (
          <p className="muted">Loading...</p>
        ) : tab === 'vehicle' || tab === 'detail' ? (
          <JobCardEditor
            key={formKey}
            job={job}
            savedLines={view?.lines ?? []}
            tab={tab}
            onShowTab={(next) => go({ tab: next })}
            // Spec 2.7: saved from Vehicle Details, the job goes on to Job Detail; from Job Detail, to Current Jobs.
            onSaved={(id, _created, from) => go({ id, tab: from === 'vehicle' ? 'detail' : 'current' })}
            onDraft={job ? undefined : setTypingNewJob}
          />
        ) : tab === 'current' ? (
          <CurrentJobsTab onEdit={edit} />
        ) : (
          <FinishedJobsTab />
        )}
      </div>
    </section>
  );
}
