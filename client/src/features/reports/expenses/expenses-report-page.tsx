import { DataTable, type Column } from '@/components/ui/data-table';
import { formatMoney } from '@shared/domain/money';
import type { ExpenseReportRow } from '@shared/reports/expense-report';
import { ReportFrame } from '../frame/report-frame';
import { useReportPeriod } from '../frame/use-report-period';
import { useExpensesReport } from './api/use-expenses-report';
import { downloadExpensesPdf, expensesReportTitle } from './api/download-expenses-pdf';

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
  const period = useReportPeriod();
  const { from, to } = period;
  const report = useExpensesReport(from, to);
  const makePdf = report && report.byCategory.length > 0 ? () => downloadExpensesPdf(report, from, to) : null;

  return (
    <ReportFrame className="expenses-report-page" title={expensesReportTitle} period={period} makePdf={makePdf}>
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
    </ReportFrame>
  );
}
