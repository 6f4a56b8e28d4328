import { useEffect, useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import { formatDateTime } from '@/lib/format-date';
import { maxRegisterNameLength } from '@shared/schemas/register';
import { nameRegister, readRegisters, type RegisterRow } from '../api/registers';

/**
 * The Admin names the registers (issue 47: 'Counter 1', 'Workshop tablet'): every device shows the
 * name beside the code on its X and Z reports and in the bell. A register gets its code from the
 * server at its first login, and appears here then.
 */
export function RegistersPanel() {
  const [rows, setRows] = useState<RegisterRow[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    readRegisters()
      .then((registers) => current && setRows(registers))
      .catch((failure: Error) => current && setError(failure.message));
    return () => {
      current = false;
    };
  }, []);

  const draftOf = (row: RegisterRow) => drafts[row.code] ?? row.name;

  async function save(row: RegisterRow) {
    setSaving(row.code);
    try {
      const { message, register } = await nameRegister(row.code, draftOf(row));
      setRows((previous) => previous?.map((each) => (each.code === register.code ? { ...each, name: register.name } : each)));
      setDrafts(({ [row.code]: _saved, ...others }) => others);
      toast.success(message);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(null);
    }
  }

  const columns: Column<RegisterRow>[] = [
    { header: 'Register', className: 'mono nowrap', primary: true, cell: (row) => row.code },
    {
      header: 'Name',
      cell: (row) => (
        <input
          className="register-name-input"
          aria-label={`Name of register ${row.code}`}
          maxLength={maxRegisterNameLength}
          placeholder="e.g. Counter 1"
          value={draftOf(row)}
          onChange={(event) => setDrafts((previous) => ({ ...previous, [row.code]: event.target.value }))}
          onKeyDown={(event) => event.key === 'Enter' && void save(row)}
        />
      ),
    },
    { header: 'First Used By', priority: 3, cell: (row) => row.userName || '—' },
    { header: 'Last Sync', className: 'nowrap', priority: 2, cell: (row) => (row.lastContactAt ? formatDateTime(row.lastContactAt) : '—') },
  ];

  return (
    <div className="panel">
      <h2>Registers</h2>
      <p className="muted">Name each register as the shop calls it; the name shows beside its code on X and Z reports and in the bell.</p>
      <DataTable
        className="registers-table"
        columns={columns}
        rows={rows}
        errorText={error}
        rowKey={(row) => row.code}
        loadingText="Loading..."
        emptyText="No register has connected yet."
        actions={(row) => (
          <button type="button" className="btn btn-secondary btn-small" disabled={saving === row.code || draftOf(row).trim() === row.name} onClick={() => void save(row)}>
            Save
          </button>
        )}
      />
    </div>
  );
}
