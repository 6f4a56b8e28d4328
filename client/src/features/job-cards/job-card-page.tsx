import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { warmSearchIndex } from '@/search';
import { jobCards } from './api/job-tables';
import type { JobCardRow } from '@shared/schemas/job-card';
import { useJobCard } from './api/use-job-card';
import { VehicleDetailsTab } from './components/vehicle-details-tab';
import { JobDetailTab } from './components/job-detail-tab';
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
    setParams(search);
  };
  const edit = (job: JobCardRow) => go({ id: job.id, tab: 'vehicle' });
  const openFound = (job: JobCardRow) => (job.status === 'Finished' ? navigate(jobPagePath(job.id)) : edit(job));
  // A job the device does not hold (deleted, or a mistyped address) starts a new one.
  const loading = jobId !== null && view === undefined;
  const job = view?.job ?? null;
  const formKey = `${jobId ?? 'new'}:${job ? 'loaded' : 'none'}:${params.get('n') ?? ''}`;

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
          <button type="button" className="btn btn-primary" onClick={() => setParams(new URLSearchParams({ tab: 'vehicle', n: String(Date.now()) }))}>
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
        ) : tab === 'vehicle' ? (
          <VehicleDetailsTab key={formKey} job={job} onSaved={(id) => go({ id, tab: 'detail' })} />
        ) : tab === 'detail' ? (
          <JobDetailTab key={formKey} view={view ?? null} onSaved={() => go({ tab: 'current' })} />
        ) : tab === 'current' ? (
          <CurrentJobsTab onEdit={edit} />
        ) : (
          <FinishedJobsTab />
        )}
      </div>
    </section>
  );
}
