import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import type { PaymentRow } from '@shared/schemas/sale';
import { usePaymentsToReview } from './api/use-sales-to-review';

const columns: Column<PaymentRow>[] = [
  { header: 'Taken', primary: true, className: 'nowrap', cell: (payment) => formatDateTime(payment.createdAt) },
  { header: 'Amount', className: 'num nowrap', cell: (payment) => formatMoney(payment.amountCents) },
  { header: 'Method', priority: 2, cell: (payment) => payment.method },
  { header: 'Register', className: 'mono nowrap', priority: 3, cell: (payment) => payment.register || '–' },
  { header: 'Reason', cell: (payment) => payment.reviewReason },
  { header: 'Taken By', priority: 3, cell: (payment) => payment.userName },
];

/**
 * Payments to Review (issue 42): money taken at a register on an invoice the server does not hold,
 * its sale refused or not arrived yet. The payment stands (a fact); its sale's arrival takes the
 * review back by itself, and a Manager marks one whose sale will not come.
 */
export function PaymentsToReview({ review }: { review: (label: string, id: string) => void }) {
  const payments = usePaymentsToReview();
  return (
    <>
      <h2>Payments to Review</h2>
      <p className="muted">Payments taken on an invoice the server does not have: its sale was refused, or has not reached it yet. The money stays recorded.</p>
      <div className="panel">
        <DataTable
          className="payment-review-table"
          columns={columns}
          rows={payments}
          rowKey={(payment) => payment.id}
          loadingText="Loading..."
          emptyText="No payments to review."
          actions={(payment) => {
            const label = `The payment of ${formatMoney(payment.amountCents)} taken ${formatDateTime(payment.createdAt)}`;
            return (
              <button type="button" className="btn btn-small btn-primary" aria-label={`Mark ${label} as reviewed`} onClick={() => review(label, payment.id)}>
                Mark as reviewed
              </button>
            );
          }}
        />
      </div>
    </>
  );
}
