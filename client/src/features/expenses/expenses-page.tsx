import { useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useSession } from '@/session/session-store';
import { formatDay } from '@/lib/document-format';
import { localDateInput } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { can } from '@shared/domain/permissions';
import type { ExpenseRow } from '@shared/schemas/expense';
import { useExpenseCategories } from './api/use-expense-categories';
import { useExpenses } from './api/use-expenses';
import { RecordExpenseModal } from './components/record-expense-modal';
import { expenseNote } from './api/expenses-list-pdf';
import { downloadExpensesListPdf } from './api/download-expenses-list-pdf';
import { toast } from '@/components/ui/toast-store';
import { DateField } from '@/components/ui/date-field';
import { ExportCsvButton } from '@/components/export-csv-button';

const columns: Column<ExpenseRow>[] = [
  { header: 'Date', primary: true, className: 'nowrap', cell: (row) => formatDay(row.date) },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Amount', className: 'num nowrap', cell: (row) => formatMoney(row.amountCents) },
  { header: 'Paid From', priority: 2, cell: (row) => row.paidFrom },
  { header: 'Note', priority: 2, cell: expenseNote },
  { header: 'Paid By', priority: 3, cell: (row) => row.userName },
];

const firstOfMonth = () => `${localDateInput().slice(0, 8)}01`;

/**
 * Expenses (issue 27): what the shop spends, recorded on this device first (offline too) and never
 * edited or deleted; a Manager or Admin corrects one with a negative entry and its reason. The list
 * is the device's, by date range (this month first) and category, with the total of what it shows.
 */
export function ExpensesPage() {
  const role = useSession((state) => state.user?.role);
  const expenseCategories = useExpenseCategories();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(localDateInput);
  const [category, setCategory] = useState('');
  const [recording, setRecording] = useState(false);
  const [correcting, setCorrecting] = useState<ExpenseRow | null>(null);
  const rows = useExpenses({ from, to, category });
  const total = (rows ?? []).reduce((sum, row) => sum + row.amountCents, 0);
  const mayCorrect = can(role, 'correctPayments');
  const [building, setBuilding] = useState(false);
  const download = () => {
    if (!rows) return;
    setBuilding(true);
    void downloadExpensesListPdf(rows, { from, to, category })
      .catch(() => toast.error('The PDF could not be made. Please try again.'))
      .finally(() => setBuilding(false));
  };

  return (
    <section className="page expenses-page">
      <div className="page-header">
        <h1>Expenses</h1>
        <div className="page-actions">
          <DateField onlyDays className="date-filter" label="From date" value={from} onChange={setFrom} />
          <DateField onlyDays className="date-filter" label="To date" value={to} onChange={setTo} />
          <select className="category-filter" aria-label="Category filter" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            {expenseCategories.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <button type="button" className="btn btn-secondary" disabled={!rows || rows.length === 0 || building} onClick={download}>
            {building ? 'Preparing PDF…' : 'Download PDF'}
          </button>
          <ExportCsvButton list="expenses" />
          <button type="button" className="btn btn-primary" onClick={() => setRecording(true)}>
            Record Expense
          </button>
        </div>
      </div>
      <div className="panel">
        <DataTable
          className="expenses-table"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loadingText="Loading..."
          emptyText="No expenses in this period."
          actions={
            mayCorrect
              ? (row) =>
                  row.correctionOf ? null : (
                    <button
                      type="button"
                      className="btn btn-small btn-secondary"
                      aria-label={`Correct the ${row.category} expense of ${formatDay(row.date)}`}
                      onClick={() => setCorrecting(row)}
                    >
                      Correct
                    </button>
                  )
              : undefined
          }
        />
        <p className="table-total">
          Total <strong data-testid="expenses-total">{formatMoney(total)}</strong>
        </p>
      </div>
      {recording && <RecordExpenseModal onClose={() => setRecording(false)} />}
      {correcting && <RecordExpenseModal correcting={correcting} onClose={() => setCorrecting(null)} />}
    </section>
  );
}
