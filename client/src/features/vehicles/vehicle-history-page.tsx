import { Link, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { DataTable, type Column } from '@/components/ui/data-table';
import { paths } from '@/lib/paths';
import { jobPagePath, reprintPath } from '@/components/print/reprint-path';
import { formatDay, formatMileage, invoiceDay } from '@/lib/document-format';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import type { JobCardRow } from '@shared/schemas/job-card';
import type { InvoiceRow } from '@shared/schemas/sale';
import { loadVehicleHistory, type WarrantyLine } from './api/load-vehicle-history';
import { DeclinedWorkNote } from '@/components/declined-work-note';

const jobColumns: Column<JobCardRow>[] = [
  { header: 'Job No', primary: true, className: 'nowrap', cell: (job) => <Link to={jobPagePath(job.id)}>{job.jobNumber ?? 'Pending'}</Link> },
  { header: 'Date In', className: 'nowrap', cell: (job) => formatDay(job.dateIn || job.createdAt) },
  { header: 'Mileage', className: 'num nowrap', cell: (job) => formatMileage(job.currentMileage) },
  { header: 'Status', cell: (job) => job.status },
  { header: 'Customer', priority: 2, cell: (job) => job.customerName },
  { header: 'Mechanic', priority: 3, cell: (job) => job.mechanicName },
];

const invoiceColumns: Column<InvoiceRow>[] = [
  { header: 'Invoice No', primary: true, className: 'mono nowrap', cell: (invoice) => <Link to={reprintPath(invoice.id)}>{invoice.invoiceNo}</Link> },
  { header: 'Date', className: 'nowrap', cell: (invoice) => invoiceDay(invoice.date) },
  { header: 'Total', className: 'num nowrap', cell: (invoice) => formatMoney(invoice.totalCents) },
  { header: 'Status', cell: (invoice) => invoice.status },
  { header: 'Customer', priority: 2, cell: (invoice) => invoice.customerName },
];

const warrantyColumns: Column<WarrantyLine>[] = [
  { header: 'Part / Service', primary: true, cell: (row) => row.line.name },
  { header: 'Qty', className: 'num', cell: (row) => formatQuantity(row.line.quantityHundredths) },
  { header: 'Warranty Until', className: 'nowrap', cell: (row) => formatDay(row.until) },
  { header: 'Invoice No', className: 'mono nowrap', priority: 2, cell: (row) => <Link to={reprintPath(row.invoice.id, 'warranty')}>{row.invoice.invoiceNo}</Link> },
];

/** One of the history's lists in its panel, under its title (the rows are all read at once: never loading). */
function TablePanel<T>({ title, ...table }: { title: string; className: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; emptyText: string }) {
  return (
    <div className="panel">
      <h2 className="report-section-title">{title}</h2>
      <DataTable loadingText="Loading..." {...table} />
    </div>
  );
}

/**
 * A vehicle's service history (issue 28, `/vehicles/:plate`), opened from the top bar's search:
 * its owners, every job for that plate with the mileage it came in at, its invoices, and the parts
 * whose warranty still runs. Read from the device, so it works offline.
 */
export function VehicleHistoryPage() {
  const { plate = '' } = useParams();
  const history = useLiveQuery(() => loadVehicleHistory(decodeURIComponent(plate)), [plate]);
  const mileages = history?.jobs.filter((job) => job.currentMileage > 0) ?? [];
  const newest = mileages[0];
  const oldest = mileages[mileages.length - 1];

  return (
    <section className="page vehicle-history-page">
      <div className="page-header">
        <h1>
          Vehicle <span className="mono">{history?.plate ?? ''}</span>
        </h1>
      </div>
      {!history && <p className="muted">Loading...</p>}
      {history && (
        <>
          <div className="panel">
            <dl className="return-summary" aria-label="The vehicle">
              <div>
                <dt>Vehicle</dt>
                <dd>{history.makeModel || '—'}</dd>
              </div>
              <div>
                <dt>VIN</dt>
                <dd className="mono">{history.vin || '—'}</dd>
              </div>
              <div>
                <dt>Owner</dt>
                <dd>
                  {history.owners.length === 0
                    ? '—'
                    : history.owners.map((owner, index) => (
                        <span key={owner.id}>
                          {index > 0 && ', '}
                          <Link to={`${paths.customers}?search=${encodeURIComponent(owner.customerName)}`}>{owner.customerName}</Link>
                        </span>
                      ))}
                </dd>
              </div>
              <div>
                <dt>Mileage</dt>
                <dd data-testid="vehicle-mileage">
                  {newest ? `${formatMileage(newest.currentMileage)} on ${formatDay(newest.dateIn || newest.createdAt)}` : '—'}
                  {oldest && oldest !== newest && ` (${formatMileage(oldest.currentMileage)} on ${formatDay(oldest.dateIn || oldest.createdAt)})`}
                </dd>
              </div>
            </dl>
          </div>
          <DeclinedWorkNote plate={history.plate} />
          <TablePanel
            title="Jobs"
            className="vehicle-jobs"
            columns={jobColumns}
            rows={history.jobs}
            rowKey={(job) => job.id}
            emptyText="No jobs for this vehicle on this device."
          />
          <TablePanel
            title="Invoices"
            className="vehicle-invoices"
            columns={invoiceColumns}
            rows={history.invoices}
            rowKey={(invoice) => invoice.id}
            emptyText="No invoices for this vehicle on this device."
          />
          <TablePanel
            title="Under Warranty"
            className="vehicle-warranties"
            columns={warrantyColumns}
            rows={history.warranties}
            rowKey={(row) => row.line.id}
            emptyText="Nothing under warranty today."
          />
        </>
      )}
    </section>
  );
}
