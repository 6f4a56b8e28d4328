import { useState } from 'react';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toast-store';
import { localDateInput } from '../../../lib/format-date';
import { formatMoney } from '../../../../../shared/domain/money';
import type { ExpenseReportRow } from '../../../../../shared/reports/expense-report';
import { useExpensesReport } from './api/use-expenses-report';
import { downloadExpensesPdf, expensesReportTitle } from './api/download-expenses-pdf';

const firstOfMonth = () => `${localDateInput().slice(0, 8)}01`;

const columnsFor = (name: string): Column<ExpenseReportRow>[] => [
  { header: name, primary: true, cell: (row) => row.label },
  { header: 'Expenses', className: 'num', cell: (row) => row.expenses },
  { header: 'Spent', className: 'num nowrap', priority: 2, cell: (row) => formatMoney(row.spentCents) },
  { header: 'Corrected', className: 'num nowrap', priority: 2, cell: (row) => formatMoney(row.correctedCents) },
  { header: 'Net', className: 'num nowrap', cell: (row) => formatMoney(row.netCents) },
];
const categoryColumns = columnsFor('Category');
const monthColumns = columnsFor('Month');

/**
 * The Expenses Report (issue 27): a period's expenses by category and by month, corrections netted,
 * with totals and a PDF, from the device's own expenses, offline too. Managers and Admins
 * (`viewFinancials`).
 */
export function ExpensesReportPage() {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => localDateInput());
  const report = useExpensesReport(from, to);
  const [building, setBuilding] = useState(false);
  const download = () => {
    if (!report) return;
    setBuilding(true);
    void downloadExpensesPdf(report, from, to)
      .catch(() => toast.error('The PDF could not be made. Please try again.'))
      .finally(() => setBuilding(false));
  };

  return (
    <section className="page expenses-report-page">
      <div className="page-header">
        <h1>{expensesReportTitle}</h1>
        <div className="page-actions">
          <input type="date" className="date-filter" aria-label="From" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
          <input type="date" className="date-filter" aria-label="To" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
          <button type="button" className="btn btn-primary" disabled={!report || report.byCategory.length === 0 || building} onClick={download}>
            {building ? 'Preparing PDF…' : 'Download PDF'}
          </button>
        </div>
      </div>
      <div className="panel">
        {report && (
          <dl className="aging-summary" aria-label="Totals">
            <div>
              <dt>Expenses</dt>
              <dd data-testid="expenses-report-count">{report.totals.expenses}</dd>
            </div>
            <div>
              <dt>Spent</dt>
              <dd data-testid="expenses-report-spent">{formatMoney(report.totals.spentCents)}</dd>
            </div>
            <div>
              <dt>Corrected</dt>
              <dd data-testid="expenses-report-corrected">{formatMoney(report.totals.correctedCents)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd data-testid="expenses-report-net">{formatMoney(report.totals.netCents)}</dd>
            </div>
          </dl>
        )}
        <h2 className="report-section-title">By Category</h2>
        <DataTable
          className="expenses-by-category"
          columns={categoryColumns}
          rows={report?.byCategory}
          rowKey={(row) => row.key}
          loadingText="Loading..."
          emptyText="No expenses in this period."
        />
        <h2 className="report-section-title">By Month</h2>
        <DataTable
          className="expenses-by-month"
          columns={monthColumns}
          rows={report?.byMonth}
          rowKey={(row) => row.key}
          loadingText="Loading..."
          emptyText="No expenses in this period."
        />
      </div>
    </section>
  );
}
