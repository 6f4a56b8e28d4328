import type { JobCardRow } from '@shared/schemas/job-card';

const pendingTitle = 'Created on this device; the server gives it a number when it syncs.';

/** A job's number, or a clear pending mark until the server's number arrives (decisions.md). */
export function JobNumber({ job, asField }: { job: Pick<JobCardRow, 'jobNumber'> | null; asField?: boolean }) {
  if (asField) {
    const text = !job ? 'New job (number given on save)' : (job.jobNumber ?? 'Pending number');
    return (
      <>
        <input value={text} readOnly aria-readonly="true" aria-label="Job Number" className="read-only mono" />
        {job && !job.jobNumber && <small className="pending-mark">{pendingTitle}</small>}
      </>
    );
  }
  return job?.jobNumber ? (
    <span className="mono">{job.jobNumber}</span>
  ) : (
    <span className="pending-mark" title={pendingTitle}>
      Pending
    </span>
  );
}
