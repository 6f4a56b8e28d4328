import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { creditNotePath, jobPagePath } from '@/components/print/reprint-path';
import { jobNumberText } from '../api/job-history-row';
import { useJobDetails, type JobDetails } from '../api/use-job-details';
import { JobLinesSection } from './job-lines-section';
import { JobStatusBadge } from './job-status-badge';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div className="detail">
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
    </div>
  );
}

function Details({ details: { job, customer, services, items, creditNotes } }: { details: JobDetails }) {
  return (
    <>
      <dl className="job-details-head">
        <Field label="Job Number" value={jobNumberText(job.jobNumber)} />
        <div className="detail">
          <dt>Status</dt>
          <dd>
            <JobStatusBadge status={job.status} />
          </dd>
        </div>
      </dl>
      <div className="job-details-grid">
        <section aria-label="Customer">
          <h3>Customer</h3>
          <dl>
            <Field label="Name" value={customer?.customerName ?? job.customerName} />
            <Field label="Phone" value={customer?.phone ?? job.customerPhone} />
            <Field label="Address" value={customer?.address} />
          </dl>
        </section>
        <section aria-label="Vehicle">
          <h3>Vehicle</h3>
          <dl>
            <Field label="Plate" value={job.vehicleLicensePlate} />
            <Field label="Make and model" value={[job.vehicleMake, job.vehicleModel].filter(Boolean).join(' ')} />
            <Field label="Mileage" value={`${job.currentMileage.toLocaleString('en-US')} km`} />
          </dl>
        </section>
      </div>
      <dl>
        <Field label="Problem Description" value={job.jobType} />
        <Field label="Action Taken" value={job.actionTaken} />
      </dl>
      <JobLinesSection title="Services" nameHeader="Service" totalLabel="Services Total" lines={services} />
      <JobLinesSection title="Items / Parts" nameHeader="Item" totalLabel="Items Total" lines={items} />
      <dl>
        <Field label="Notes" value={job.notes} />
      </dl>
      {creditNotes.length > 0 && (
        <section aria-label="Returns">
          <h3>Returns</h3>
          <table className="table job-returns">
            <thead>
              <tr>
                <th>Credit Note No</th>
                <th>Date</th>
                <th>Reason</th>
                <th className="num">Returned</th>
                <th className="num">Refunded</th>
              </tr>
            </thead>
            <tbody>
              {creditNotes.map((note) => (
                <tr key={note.id}>
                  <td className="mono">
                    <Link to={creditNotePath(note.id)}>{note.creditNoteNo}</Link>
                  </td>
                  <td className="nowrap">{formatDate(note.date)}</td>
                  <td>{note.reason}</td>
                  <td className="num">{formatMoney(note.totalCents)}</td>
                  <td className="num">{formatMoney(note.refundCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}

/** 'Job Details' (spec 2.16): the job, its customer and vehicle, its lines, from the device. */
export function JobDetailsModal({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const details = useJobDetails(jobId);
  return (
    <Modal title="Job Details" onClose={onClose} wide>
      {details === undefined && <p className="muted">Loading job…</p>}
      {details === null && <p className="error-text">Failed to load job details</p>}
      {details && <Details details={details} />}
      <div className="modal-actions">
        <Link className="btn btn-primary" to={jobPagePath(jobId)}>
          Open Page
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
