import { useState } from 'react';
import { useSession } from '@/session/session-store';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRevealSaved } from '@/lib/use-reveal-saved';
import { toast } from '@/components/ui/toast-store';
import { confirmInPage } from '@/components/ui/confirm-store';
import { cannedLinesOf } from '@/lib/canned-job-lines';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import { useCannedJobs, type CannedJobRow } from './api/use-canned-jobs';
import { deleteCannedJob } from './api/delete-canned-job';
import { CannedJobFormModal } from './components/canned-job-form-modal';

const summary = (row: CannedJobRow) =>
  cannedLinesOf(row)
    .map((line) => (line.quantity === 1 ? line.name : `${line.name} × ${line.quantity}`))
    .join(', ');

const columns: Column<CannedJobRow>[] = [
  { header: 'Canned Job', cell: (row) => row.name, primary: true },
  { header: 'Services and parts', cell: summary, priority: 2 },
  { header: 'Package Price', cell: (row) => (row.packagePriceCents === null ? 'Catalogue prices' : formatMoney(row.packagePriceCents)), className: 'num' },
];

/** Canned jobs (issue 45): named sets of services and parts, added to a job card or an estimate in one tap. */
export function CannedJobsPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CannedJobRow | null | undefined>(undefined);
  const rows = useCannedJobs(search);
  const { highlightId, reveal } = useRevealSaved();

  async function remove(row: CannedJobRow) {
    if (!(await confirmInPage({ title: 'Delete canned job', message: `Delete the canned job "${row.name}"?`, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await deleteCannedJob(row.id);
      toast.success('Canned job deleted');
    } catch {
      toast.error('Failed to delete the canned job.');
    }
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Canned Jobs</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search canned jobs..." label="Search canned jobs" value={search} onChange={setSearch} />
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add Canned Job
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <DataTable
          className="canned-jobs-table"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loadingText="Loading..."
          emptyText="No canned jobs yet."
          highlightId={highlightId}
          actions={mayEdit ? (row) => <RowActions name={row.name} onEdit={() => setEditing(row)} onDelete={() => void remove(row)} /> : undefined}
        />
      </div>
      {editing !== undefined && <CannedJobFormModal cannedJob={editing} onClose={() => setEditing(undefined)} onSaved={reveal} />}
    </section>
  );
}
