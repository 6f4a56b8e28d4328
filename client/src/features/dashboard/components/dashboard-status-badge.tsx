/**
 * The dashboard's own colours for a job's status (spec 2.5): received or open blue, pending or in
 * progress yellow, anything else green; a missing status shows 'Open'. The reports and the job
 * screens use theirs (open green, finished blue, suspended red).
 */
export function dashboardStatusTone(status: string): 'blue' | 'yellow' | 'green' {
  if (!status || /^(received|open)$/i.test(status.trim())) return 'blue';
  if (/^(pending|in progress)$/i.test(status.trim())) return 'yellow';
  return 'green';
}

export function DashboardStatusBadge({ status }: { status: string }) {
  return <span className={`status-pill dashboard-status-${dashboardStatusTone(status)}`}>{status || 'Open'}</span>;
}
