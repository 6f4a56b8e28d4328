import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import { confirmInPage } from '@/components/ui/confirm-store';
import { formatDateTime } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import type { PaidTwiceChoice } from '@shared/mutations/review';
import { usePaymentsToReview, type PaymentToReview } from './api/use-sales-to-review';
import { settlePaidTwice } from './api/mark-sale-reviewed';

const columns: Column<PaymentToReview>[] = [
  { header: 'Taken', primary: true, className: 'nowrap', cell: ({ payment }) => formatDateTime(payment.createdAt) },
  { header: 'Invoice No', className: 'mono nowrap', priority: 2, cell: ({ invoice }) => invoice?.invoiceNo ?? '–' },
  { header: 'Amount', className: 'num nowrap', cell: ({ payment }) => formatMoney(payment.amountCents) },
  { header: 'Method', priority: 2, cell: ({ payment }) => payment.method },
  { header: 'Register', className: 'mono nowrap', priority: 3, cell: ({ payment }) => payment.register || '–' },
  { header: 'Reason', className: 'review-reason', cell: ({ payment }) => payment.reviewReason },
  { header: 'Taken By', priority: 3, cell: ({ payment }) => payment.userName },
];

/** 'Refund' hands money back, so it asks first, saying how much, how and to whom. */
async function settle({ payment, invoice, refundCents }: PaymentToReview, choice: PaidTwiceChoice): Promise<void> {
  const amount = formatMoney(choice === 'refund' ? refundCents : payment.amountCents);
  if (choice === 'refund') {
    const message = `Hand ${amount} back in ${payment.method} to ${invoice?.customerName ?? 'the customer'}: the refund is recorded on this register now.`;
    if (!(await confirmInPage({ title: 'Refund', message, confirmLabel: 'Refund', cancelLabel: 'Not now' }))) return;
  }
  try {
    await settlePaidTwice(payment.id, payment.invoiceId, choice);
    toast.success(choice === 'refund' ? `${amount} refunded.` : `${amount} kept as the customer's credit.`);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : 'The payment could not be settled.');
  }
}

/**
 * Payments to Review (issue 42, issue 47): money taken at a register on an invoice the server does
 * not hold, its sale refused or not arrived yet, or on an invoice another device had paid meanwhile.
 * The payment stands (a fact). A sale's arrival takes the first kind back by itself, and a Manager
 * marks one whose sale will not come; one taken twice is refunded or kept as the customer's credit.
 */
export function PaymentsToReview({ review }: { review: (label: string, id: string) => void }) {
  const rows = usePaymentsToReview();
  return (
    <>
      <h2>Payments to Review</h2>
      <p className="muted">
        Payments taken on an invoice the server does not have (its sale was refused, or has not reached it yet), or on one another device had already paid. The money stays
        recorded; a payment taken twice is refunded or kept as the customer&apos;s credit.
      </p>
      <div className="panel">
        <DataTable
          className="payment-review-table"
          columns={columns}
          rows={rows}
          rowKey={({ payment }) => payment.id}
          loadingText="Loading..."
          emptyText="No payments to review."
          actions={(row) => {
            const { payment, invoice } = row;
            const what = `payment of ${formatMoney(payment.amountCents)}${invoice ? ` on ${invoice.invoiceNo}` : ''} taken ${formatDateTime(payment.createdAt)}`;
            if (row.paidTwice)
              return (
                <>
                  {row.refundCents > 0 && (
                    <button type="button" className="btn btn-small btn-secondary" aria-label={`Refund the ${what}`} onClick={() => void settle(row, 'refund')}>
                      Refund
                    </button>
                  )}
                  <button type="button" className="btn btn-small btn-primary" aria-label={`Keep the ${what} as credit`} onClick={() => void settle(row, 'credit')}>
                    Keep as credit
                  </button>
                </>
              );
            return (
              <button type="button" className="btn btn-small btn-primary" aria-label={`Mark the ${what} as reviewed`} onClick={() => review(`The ${what}`, payment.id)}>
                Mark as reviewed
              </button>
            );
          }}
        />
      </div>
    </>
  );
}
