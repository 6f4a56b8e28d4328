import { Link } from 'react-router-dom';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import type { JobCardRow } from '@shared/schemas/job-card';
import { JobNumber } from '@/components/job-number';
import { DashboardStatusBadge } from './dashboard-status-badge';

const jobPage = (id: string) => paths.jobCardDetail.replace(':id', encodeURIComponent(id));

const columns: Column<JobCardRow>[] = [
  {
    header: 'No',
    cell: (job) => (
      <Link to={jobPage(job.id)}>
        <JobNumber job={job} />
      </Link>
    ),
    className: 'nowrap',
  },
  {
    header: 'Mechanic',
    cell: (job) => (
      <>
        {job.mechanicName || '—'}
        {job.promisedDate && <small className="muted cell-sub">Promised {job.promisedDate.split('-').reverse().join('/')}</small>}
      </>
    ),
    priority: 2,
  },
  { header: 'Check In Date', cell: (job) => formatDateTime(job.dateIn), className: 'nowrap', priority: 2 },
  { header: 'Problem', cell: (job) => job.jobType || '—', priority: 3 },
  {
    header: 'Customers',
    cell: (job) => (
      <>
        {job.customerName}
        {job.customerPhone && <small className="muted cell-sub">{job.customerPhone}</small>}
      </>
    ),
    primary: true,
  },
  { header: 'Status', cell: (job) => <DashboardStatusBadge status={job.status} /> },
];

interface Props {
  open: { rows: JobCardRow[]; total: number } | null | undefined;
}

/** 'Open Jobs' (spec 2.5): the newest open jobs; all of them are under Current Jobs. */
export function OpenJobsTable({ open }: Props) {
  return (
    <section className="panel open-jobs" aria-label="Open Jobs">
      <div className="panel-head">
        <h2>Open Jobs</h2>
        {open && open.total > open.rows.length && (
          <Link to={`${paths.jobCard}?tab=current`} className="muted">
            Showing {open.rows.length} of {open.total.toLocaleString('en-US')} · View all
          </Link>
        )}
      </div>
      <DataTable
        className="open-jobs-table"
        columns={columns}
        rows={open?.rows}
        rowKey={(job) => job.id}
        loadingText="Loading..."
        emptyText="No open jobs found."
        errorText={open === null ? 'Failed to load open jobs' : null}
      />
    </section>
  );
}
