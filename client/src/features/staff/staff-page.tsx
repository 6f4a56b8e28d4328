import { useMemo, useState } from 'react';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { TableMessageRow } from '../../components/ui/table-message-row';
import { toast, useToastStore } from '../../components/ui/toast-store';
import { staffMessages, type StaffMember } from '../../../../shared/schemas/staff';
import { useStaffList } from './api/use-staff-list';
import { deleteStaff } from './api/delete-staff';
import { StaffFormModal } from './components/staff-form-modal';

const offlineMessage = 'User Management needs a connection to the server. Connect and try again.';
const columns = 7;

function matches(member: StaffMember, term: string): boolean {
  return [member.name, member.email, member.username, member.role].some((value) => value.toLowerCase().includes(term));
}

/** User Management (spec 2.13): staff accounts, Admin only, read from and written to the server. */
export function StaffPage() {
  const { list, reload } = useStaffList();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<StaffMember | null | undefined>(undefined);

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
        <table className="table staff-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Phone No</th>
              <th>Username</th>
              <th>Role</th>
              <th>Active</th>
              <th className="actions-col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.status === 'loading' ? (
              <TableMessageRow colSpan={columns}>Loading...</TableMessageRow>
            ) : list.status === 'error' ? (
              <TableMessageRow colSpan={columns} className="error-text">
                {list.message}
              </TableMessageRow>
            ) : shown.length === 0 ? (
              <TableMessageRow colSpan={columns}>No staff members found.</TableMessageRow>
            ) : (
              shown.map((member) => (
                <tr key={member.id}>
                  <td>{member.name}</td>
                  <td>{member.email}</td>
                  <td>{member.phoneNo || 'N/A'}</td>
                  <td>{member.username}</td>
                  <td>{member.role}</td>
                  <td>
                    <span className={`status-pill ${member.status ? 'status-active' : 'status-inactive'}`}>
                      {member.status ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td className="actions-col">
                    <RowActions name={member.name} onEdit={() => setEditing(member)} onDelete={() => confirmDelete(member)} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {editing !== undefined && <StaffFormModal member={editing} onClose={() => setEditing(undefined)} onSaved={reload} />}
    </section>
  );
}
