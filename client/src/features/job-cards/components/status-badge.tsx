import type { JobStatus } from '@shared/domain/job-status';

/** A job's status as a coloured pill: open green, finished blue, suspended red (the report's colours). */
export function StatusBadge({ status }: { status: JobStatus | string }) {
  const tone = /^open$/i.test(status) ? 'open' : /^finished$/i.test(status) ? 'finished' : /^suspend/i.test(status) ? 'suspended' : 'other';
  return <span className={`status-pill job-status-${tone}`}>{status || 'Open'}</span>;
}
