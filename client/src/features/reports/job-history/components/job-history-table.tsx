import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format-date';
import type { JobCardRow } from '@shared/schemas/job-card';
import { invoiceText, jobNumberText, vehicleParts } from '../api/job-history-row';
import { JobStatusBadge } from './job-status-badge';

function Vehicle({ job }: { job: JobCardRow }) {
  const { plate, makeModel } = vehicleParts(job);
  return (
    <>
      <span className="nowrap">{plate}</span>
      {plate && makeModel && ' '}
      {makeModel}
    </>
  );
}

const columns: Column<JobCardRow>[] = [
  { header: 'Date', cell: (job) => formatDate(job.dateIn), className: 'nowrap' },
  {
    header: 'Job #',
    cell: (job) => (job.jobNumber ? <span className="mono">{job.jobNumber}</span> : <span className="pending-mark">{jobNumberText(null)}</span>),
    className: 'nowrap',
  },
  { header: 'Customer', cell: (job) => job.customerName, primary: true },
  { header: 'Phone', cell: (job) => job.customerPhone || '—', className: 'nowrap', priority: 2 },
  { header: 'Vehicle', cell: (job) => <Vehicle job={job} /> },
  { header: 'Status', cell: (job) => <JobStatusBadge status={job.status} /> },
  { header: 'Invoice', cell: (job) => invoiceText(job), className: 'mono nowrap', priority: 2 },
];

interface JobHistoryTableProps {
  /** undefined while loading, null when the read failed. */
  rows: JobCardRow[] | null | undefined;
  onView: (job: JobCardRow) => void;
}

/** The report's table (spec 2.16): one job a row, the view action opening its details. */
export function JobHistoryTable({ rows, onView }: JobHistoryTableProps) {
  return (
    <DataTable
      className="job-history-table"
      columns={columns}
      rows={rows ?? undefined}
      rowKey={(job) => job.id}
      loadingText="Loading…"
      emptyText="No results"
      errorText={rows === null ? 'Failed to fetch report' : null}
      actions={(job) => (
        <button type="button" className="btn btn-small" aria-label={`View ${job.jobNumber ?? `${job.customerName} ${job.vehicleLicensePlate}`}`} onClick={() => onView(job)}>
          View
        </button>
      )}
    />
  );
}
