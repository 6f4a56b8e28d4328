import { Link, useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-date';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { paths } from '@/lib/paths';
import type { JobCardRow } from '@shared/schemas/job-card';
import { useFinishedJobs } from '../api/use-finished-jobs';
import { JobNumber } from '@/components/job-number';
import { jobPagePath, reprintPath } from '@/components/print/reprint-path';

export const finishedPageSize = 25;

const columns: Column<JobCardRow>[] = [
  { header: 'Job No', cell: (job) => <JobNumber job={job} />, className: 'nowrap' },
  { header: 'Customer Name', cell: (job) => job.customerName, primary: true },
  { header: 'Phone', cell: (job) => job.customerPhone || 'N/A', className: 'nowrap', priority: 2 },
  { header: 'Vehicle Reg', cell: (job) => job.vehicleLicensePlate, className: 'nowrap' },
  { header: 'Date In', cell: (job) => formatDateTime(job.dateIn), className: 'nowrap', priority: 3 },
];

/**
 * The warranty certificate of the job's invoice (spec 2.17), printed from this device's copy (the
 * print code loads only now). An invoice without parts under warranty has nothing to certify.
 */
async function showWarranty(job: JobCardRow) {
  if (!job.invoiceId) {
    toast.warning('No invoice found for this job.');
    return;
  }
  let print: typeof import('@/components/print/sale-documents/print-documents');
  try {
    print = await import('@/components/print/sale-documents/print-documents');
    if ((await print.warrantyLinesOf(job.invoiceId)).length === 0) {
      toast.warning('No items with warranty on this invoice.');
      return;
    }
  } catch {
    toast.error('Failed to load invoice for warranty.');
    return;
  }
  try {
    await print.printSaleDocuments(job.invoiceId, ['warranty']);
  } catch {
    toast.error('Failed to print the warranty certificate.');
  }
}

/** Finished Jobs (spec 2.7): newest first, searched by customer, phone or plate, 25 a page. */
export function FinishedJobsTab() {
  const paging = usePageState();
  const { search, setSearch, page, setPage } = paging;
  const result = useFinishedJobs(search, page, finishedPageSize);
  const lastPage = useLastPage(paging, result, finishedPageSize);
  const navigate = useNavigate();
  const label = (job: JobCardRow) => job.jobNumber ?? `${job.customerName} ${job.vehicleLicensePlate}`;

  return (
    <div className="panel">
      <div className="tab-toolbar">
        <SearchInput placeholder="Search by customer name, phone or vehicle reg..." label="Search finished jobs" value={search} onChange={setSearch} />
      </div>
      <DataTable
        className="finished-jobs-table"
        columns={columns}
        rows={result?.rows}
        rowKey={(job) => job.id}
        loadingText="Loading..."
        emptyText="No finished jobs match your search."
        actions={(job) => (
          <>
            <Link className="btn btn-small" to={jobPagePath(job.id)} aria-label={`Open ${label(job)}`}>
              Open
            </Link>
            <button
              type="button"
              className="btn btn-small btn-primary"
              aria-label={job.invoiceId ? `Invoice #${job.invoiceNo ?? ''}: open to print` : `Invoice ${label(job)}`}
              // An invoiced job opens its invoice (to view or reprint); one not yet invoiced, the register with the job.
              onClick={() => navigate(job.invoiceId ? reprintPath(job.invoiceId) : `${paths.salesRegister}?jobId=${encodeURIComponent(job.id)}`)}
            >
              {job.invoiceId ? `#${job.invoiceNo ?? ''}` : 'Invoice'}
            </button>
            <button type="button" className="btn btn-small btn-secondary" aria-label={`Warranty ${label(job)}`} onClick={() => void showWarranty(job)}>
              Warranty
            </button>
          </>
        )}
      />
      {result && result.total > 0 && (
        <Pager
          page={Math.min(page, lastPage)}
          pageSize={finishedPageSize}
          total={result.total}
          onPage={setPage}
          caption={(from, to, total) => `Showing ${from}-${to} of ${total} finished jobs`}
        />
      )}
    </div>
  );
}
