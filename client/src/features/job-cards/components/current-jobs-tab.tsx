import { useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-date';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { paths } from '@/lib/paths';
import { ValidationError } from '@/sync/validation-error';
import type { JobCardRow } from '@shared/schemas/job-card';
import type { JobStatus } from '@shared/domain/job-status';
import { useCurrentJobs } from '../api/use-current-jobs';
import { setJobStatus } from '../api/set-job-status';
import { JobNumber } from '@/components/job-number';
import { StatusBadge } from './status-badge';
import { confirmInPage } from '@/components/ui/confirm-store';

const columns: Column<JobCardRow>[] = [
  { header: 'Job No', cell: (job) => <JobNumber job={job} />, className: 'nowrap' },
  { header: 'Customer Name', cell: (job) => job.customerName, primary: true },
  { header: 'Vehicle Reg', cell: (job) => job.vehicleLicensePlate, className: 'nowrap' },
  { header: 'Mileage', cell: (job) => job.currentMileage.toLocaleString('en-US'), className: 'num', priority: 3 },
  { header: 'Date In', cell: (job) => formatDateTime(job.dateIn), className: 'nowrap', priority: 2 },
  { header: 'Action Taken', cell: (job) => job.actionTaken || '—', priority: 3 },
  { header: 'Status', cell: (job) => <StatusBadge status={job.status} /> },
];

export const currentPageSize = 25;

const moveMessage = (status: JobStatus) => `Job Card status updated to ${status}!`;

/**
 * Current Jobs (spec 2.7): the open jobs, and suspended ones waiting to be resumed, newest first.
 * The spec shows one table; it is paged and searchable like Finished Jobs so that it stays fast
 * with a big shop's data (issue 7).
 */
export function CurrentJobsTab({ onEdit }: { onEdit: (job: JobCardRow) => void }) {
  const paging = usePageState();
  const { search, setSearch, page, setPage } = paging;
  const result = useCurrentJobs(search, page, currentPageSize);
  const lastPage = useLastPage(paging, result, currentPageSize);
  const navigate = useNavigate();

  async function move(job: JobCardRow, status: JobStatus, failure: string): Promise<boolean> {
    try {
      await setJobStatus(job.id, status);
      return true;
    } catch (error) {
      if (error instanceof ValidationError) toast.warning(error.message);
      else toast.error(failure);
      return false;
    }
  }

  async function finish(job: JobCardRow) {
    if (!(await confirmInPage({ title: 'Finish job', message: 'Are you sure you want to finish this job and create an invoice?', confirmLabel: 'Finish' }))) return;
    if (!(await move(job, 'Finished', 'Failed to finish job'))) return;
    toast.success('Job finished. Redirecting to Sales Register...');
    navigate(`${paths.salesRegister}?jobId=${encodeURIComponent(job.id)}`);
  }

  async function suspend(job: JobCardRow) {
    if (!(await confirmInPage({ title: 'Suspend job', message: 'Are you sure you want to suspend this job card?', confirmLabel: 'Suspend' }))) return;
    if (await move(job, 'Suspended', 'Failed to update job card status.')) toast.success(moveMessage('Suspended'));
  }

  async function resume(job: JobCardRow) {
    if (await move(job, 'Open', 'Failed to update job card status.')) toast.success(moveMessage('Open'));
  }

  const label = (job: JobCardRow) => job.jobNumber ?? `${job.customerName} ${job.vehicleLicensePlate}`;
  return (
    <div className="panel">
      <div className="tab-toolbar">
        <SearchInput placeholder="Search by job no, customer name, phone or vehicle reg..." label="Search current jobs" value={search} onChange={setSearch} />
      </div>
      <DataTable
        className="current-jobs-table"
        columns={columns}
        rows={result?.rows}
        rowKey={(job) => job.id}
        loadingText="Loading..."
        emptyText="No open jobs found."
        actions={(job) => (
          <>
            <button type="button" className="btn btn-small" aria-label={`Edit ${label(job)}`} onClick={() => onEdit(job)}>
              Edit
            </button>
            {job.status === 'Open' ? (
              <>
                <button type="button" className="btn btn-small btn-primary" aria-label={`Finish ${label(job)}`} onClick={() => void finish(job)}>
                  Finish
                </button>
                <button type="button" className="btn btn-small btn-secondary" aria-label={`Suspend ${label(job)}`} onClick={() => void suspend(job)}>
                  Suspend
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-small btn-secondary" aria-label={`Resume ${label(job)}`} onClick={() => void resume(job)}>
                Resume
              </button>
            )}
          </>
        )}
      />
      {result && result.total > 0 && (
        <Pager
          page={Math.min(page, lastPage)}
          pageSize={currentPageSize}
          total={result.total}
          onPage={setPage}
          caption={(from, to, total) => `Showing ${from}-${to} of ${total} current jobs`}
        />
      )}
      <p className="muted table-hint">Click "Edit" on a specific job to change its details.</p>
    </div>
  );
}
