import { useMemo, useState } from 'react';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useSession } from '@/session/session-store';
import { toast, useToastStore } from '@/components/ui/toast-store';
import { staffMessages, type StaffMember } from '@shared/schemas/staff';
import { useStaffList } from './api/use-staff-list';
import { deleteStaff } from './api/delete-staff';
import { StaffFormModal } from './components/staff-form-modal';
import { SelfRegistrationSwitch } from './components/self-registration-switch';
import { RegistersPanel } from './components/registers-panel';

const offlineMessage = 'User Management needs a connection to the server. Connect and try again.';
/** The spec's columns (2.13); on a tablet the less important ones fold under the name. */
const staffColumns: Column<StaffMember>[] = [
  { header: 'Name', cell: (member) => member.name, primary: true },
  { header: 'Email', cell: (member) => member.email, priority: 2, className: 'wrap-anywhere' },
  { header: 'Phone No', cell: (member) => member.phoneNo || 'N/A', priority: 3 },
  { header: 'Username', cell: (member) => member.username, priority: 3 },
  { header: 'Role', cell: (member) => member.role },
  {
    header: 'Active',
    cell: (member) => <span className={`status-pill ${member.status ? 'status-active' : 'status-inactive'}`}>{member.status ? 'Active' : 'Inactive'}</span>,
  },
];

function matches(member: StaffMember, term: string): boolean {
  return [member.name, member.email, member.username, member.role].some((value) => value.toLowerCase().includes(term));
}

/** User Management (spec 2.13): staff accounts, Admin only, read from and written to the server. */
export function StaffPage() {
  const { list, reload } = useStaffList();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<StaffMember | null | undefined>(undefined);
  const ownId = useSession((session) => session.user?._id);

  const shown = useMemo(() => {
    if (list.status !== 'ready') return [];
    const term = search.trim().toLowerCase();
    return term ? list.users.filter((member) => matches(member, term)) : list.users;
  }, [list, search]);

  async function remove(member: StaffMember) {
    try {
      await deleteStaff(member.id);
      toast.success(staffMessages.deleted);
      reload();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  // Spec 4: a warning toast with Undo and Delete that hides after 6000 ms; only Delete deletes.
  function confirmDelete(member: StaffMember) {
    useToastStore.getState().show({
      variant: 'warning',
      message: `Delete ${member.name}?`,
      durationMs: 6000,
      actions: [
        { label: 'Undo', onClick: () => undefined },
        { label: 'Delete', onClick: () => void remove(member) },
      ],
    });
  }

  if (list.status === 'offline') {
    return (
      <section className="page">
        <div className="page-header">
          <h1>User Management</h1>
        </div>
        <div className="panel staff-offline" role="status">
          <p>{offlineMessage}</p>
          <button type="button" className="btn btn-secondary" onClick={reload}>
            Try again
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>User Management</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search Staff..." label="Search staff" value={search} onChange={setSearch} />
          <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
            + Add New Staff Member
          </button>
        </div>
      </div>
      <div className="panel">
        <SelfRegistrationSwitch />
      </div>
      <div className="panel">
        <DataTable
          className="staff-table"
          columns={staffColumns}
          rows={list.status === 'loading' ? undefined : shown}
          errorText={list.status === 'error' ? list.message : null}
          rowKey={(member) => member.id}
          loadingText="Loading..."
          emptyText="No staff members found."
          actions={(member) => (
            // Nobody deletes their own account (the server refuses it too): no Delete on one's own row.
            <RowActions name={member.name} onEdit={() => setEditing(member)} onDelete={member.id === ownId ? undefined : () => confirmDelete(member)} />
          )}
        />
      </div>
      <RegistersPanel />
      {editing !== undefined && <StaffFormModal member={editing} onClose={() => setEditing(undefined)} onSaved={reload} />}
    </section>
  );
}
