import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import type { ExpenseRow } from '@shared/schemas/expense';
import { useExpensesToReview } from './api/use-sales-to-review';

const columns: Column<ExpenseRow>[] = [
  { header: 'Recorded', primary: true, className: 'nowrap', cell: (expense) => formatDateTime(expense.createdAt) },
  { header: 'Counted On', className: 'nowrap', priority: 2, cell: (expense) => formatDate(expense.date) },
  { header: 'Amount', className: 'num nowrap', cell: (expense) => formatMoney(expense.amountCents) },
  { header: 'Paid From', priority: 2, cell: (expense) => expense.paidFrom },
  { header: 'Register', className: 'mono nowrap', priority: 3, cell: (expense) => expense.register || '–' },
  { header: 'Reason', cell: (expense) => expense.reviewReason },
  { header: 'Paid By', priority: 3, cell: (expense) => expense.userName },
];

/**
 * Expenses to Review (issue 42, point 7): an expense a register dated far from the server's time. The
 * money left, so it stands, counted on the day it was recorded (as its drawer counts it); a Manager
 * looks at each one and marks it.
 */
export function ExpensesToReview({ review }: { review: (label: string, id: string) => void }) {
  const expenses = useExpensesToReview();
  return (
    <>
      <h2>Expenses to Review</h2>
      <p className="muted">Expenses a register dated far from the server&apos;s time. They stay recorded, counted on the day they were recorded, as their drawer counts them.</p>
      <div className="panel">
        <DataTable
          className="expense-review-table"
          columns={columns}
          rows={expenses}
          rowKey={(expense) => expense.id}
          loadingText="Loading..."
          emptyText="No expenses to review."
          actions={(expense) => {
            const label = `The ${expense.category} expense of ${formatMoney(expense.amountCents)} recorded ${formatDateTime(expense.createdAt)}`;
            return (
              <button type="button" className="btn btn-small btn-primary" aria-label={`Mark ${label} as reviewed`} onClick={() => review(label, expense.id)}>
                Mark as reviewed
              </button>
            );
          }}
        />
      </div>
    </>
  );
}
