import { Link, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { useSession } from '@/session/session-store';
import { paths } from '@/lib/paths';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-date';
import { formatDay } from '@/lib/document-format';
import { ValidationError } from '@/sync/validation-error';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import { jobTotals } from '@shared/domain/job-lines';
import { statusMoveProblem } from '@shared/domain/job-status';
import { useJobCard } from './api/use-job-card';
import { setJobStatus } from './api/set-job-status';
import { JobLinesTable } from './components/job-lines-table';
import { JobNumber } from '@/components/job-number';
import { StatusBadge } from './components/status-badge';
import { jobSheetPath, reprintPath } from '@/components/print/reprint-path';
import { FactTime } from '@/components/fact-time';
import { confirmInPage } from '@/components/ui/confirm-store';

const customers = db.customers;

function Detail({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}

/** The page of one job (/job-cards/:id): who, which vehicle, the work, the lines, the history. */
export function JobCardDetailPage() {
  const { id } = useParams();
  const view = useJobCard(id);
  const customer = useLiveQuery(() => (view?.job.customerId ? customers.get(view.job.customerId) : undefined), [view?.job.customerId]);
  const role = useSession((state) => state.user?.role);

  if (view === undefined) return <p className="page muted">Loading job…</p>;
  if (view === null)
    return (
      <section className="page">
        <h1>Job Card</h1>
        <p className="error-text">Failed to load job details</p>
        <Link to={paths.jobCard}>Back to Job Card</Link>
      </section>
    );

  const { job, lines, history } = view;
  const services = lines.filter((line) => line.kind === 'service');
  const parts = lines.filter((line) => line.kind === 'item');
  const totals = jobTotals(lines);
  const mayEdit = can(role, 'operate') && job.status !== 'Finished';
  const mayReopen = job.status === 'Finished' && statusMoveProblem({ from: 'Finished', to: 'Open', role, hasInvoice: !!job.invoiceId }) === null;

  async function reopen() {
    if (!(await confirmInPage({ title: 'Reopen job', message: 'Reopen this finished job?', confirmLabel: 'Reopen' }))) return;
    try {
      await setJobStatus(job.id, 'Open');
      toast.success('Job Card status updated to Open!');
    } catch (error) {
      toast.warning(error instanceof ValidationError ? error.message : 'Failed to update job card status.');
    }
  }

  return (
    <section className="page job-page">
      <div className="page-header">
        <h1>
          Job <JobNumber job={job} /> <StatusBadge status={job.status} />
        </h1>
        <div className="page-actions">
          <Link className="btn btn-secondary" to={jobSheetPath(job.id)}>
            Job Sheet
          </Link>
          {mayEdit && (
            <Link className="btn btn-primary" to={`${paths.jobCard}?id=${encodeURIComponent(job.id)}&tab=vehicle`}>
              Edit
            </Link>
          )}
          {mayReopen && (
            <button type="button" className="btn btn-secondary" onClick={() => void reopen()}>
              Reopen
            </button>
          )}
        </div>
      </div>
      <div className="detail-grid">
        <section className="panel">
          <h2 className="panel-title">Customer</h2>
          <dl>
            <Detail label="Name" value={customer?.customerName ?? job.customerName} />
            <Detail label="Phone" value={customer?.phone ?? job.customerPhone} />
            <Detail label="Address" value={customer?.address} />
          </dl>
        </section>
        <section className="panel">
          <h2 className="panel-title">Vehicle</h2>
          <dl>
            <Detail label="Vehicle Reg" value={job.vehicleLicensePlate} />
            <Detail label="Make and model" value={[job.vehicleMake, job.vehicleModel].filter(Boolean).join(' ')} />
            <Detail label="Mileage" value={`${job.currentMileage.toLocaleString('en-US')} km`} />
            <Detail label="Previous mileage" value={job.previousMileage === null ? null : `${job.previousMileage.toLocaleString('en-US')} km`} />
          </dl>
        </section>
        <section className="panel">
          <h2 className="panel-title">Job</h2>
          <dl>
            <Detail label="Date in" value={formatDateTime(job.dateIn)} />
            <Detail label="Promised" value={[formatDay(job.promisedDate), job.promisedTime].filter(Boolean).join(' ')} />
            <Detail label="Mechanic" value={job.mechanicName} />
            <div className="detail">
              <dt>Invoice</dt>
              <dd>
                {job.invoiceId && job.invoiceNo ? (
                  <Link className="btn btn-small btn-secondary" to={reprintPath(job.invoiceId)} aria-label={`Invoice #${job.invoiceNo}: open to print`}>
                    #{job.invoiceNo}
                  </Link>
                ) : (
                  'No invoice yet'
                )}
              </dd>
            </div>
          </dl>
          {job.status === 'Finished' && !job.invoiceId && (
            <Link className="btn btn-small" to={`${paths.salesRegister}?jobId=${encodeURIComponent(job.id)}`}>
              Invoice
            </Link>
          )}
        </section>
      </div>
      <section className="panel">
        <h2 className="panel-title">Work</h2>
        <dl>
          <Detail label="Problem Description" value={job.jobType} />
          <Detail label="Action Taken" value={job.actionTaken} />
          <Detail label="Notes" value={job.notes} />
        </dl>
      </section>
      <section className="panel">
        <h2 className="panel-title">Services</h2>
        <JobLinesTable lines={services} />
      </section>
      <section className="panel">
        <h2 className="panel-title">Items / Parts</h2>
        <JobLinesTable lines={parts} />
        <p className="job-total">
          Total <strong>{formatMoney(totals.totalCents)}</strong>
        </p>
      </section>
      <section className="panel">
        <h2 className="panel-title">Status history</h2>
        <table className="table status-history">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>From</th>
              <th>To</th>
            </tr>
          </thead>
          <tbody>
            {history.map((change) => (
              <tr key={change.id}>
                <td>
                  <FactTime at={change.at} fact={change} />
                </td>
                <td>{change.userName}</td>
                <td>{change.fromStatus ?? '—'}</td>
                <td>{change.toStatus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
