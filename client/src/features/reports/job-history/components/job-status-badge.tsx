import { statusTone } from '../api/job-history-row';

/** The report's status badge: open green, finished blue, suspended red, anything else grey. */
export function JobStatusBadge({ status }: { status: string }) {
  return <span className={`status-pill job-status-${statusTone(status)}`}>{status || '—'}</span>;
}
