import { Link } from 'react-router-dom';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { paths } from '@/lib/paths';
import { useReturnsToReview, useSalesToReview, type ReturnToReview, type SaleToReview } from './api/use-sales-to-review';
import type { CreditNoteRow } from '@shared/schemas/return';
import { acceptHeldRefund, markSaleReviewed } from './api/mark-sale-reviewed';
import { PaymentsToReview } from './payments-to-review';
import { ExpensesToReview } from './expenses-to-review';
import type { ReviewedKind } from '@shared/mutations/review';

const invoicePath = (invoiceId: string) => `${paths.printInvoice.replace(':id', encodeURIComponent(invoiceId))}?doc=invoice`;

const columns: Column<SaleToReview>[] = [
  { header: 'Invoice No', primary: true, className: 'mono nowrap', cell: ({ invoice }) => <Link to={invoicePath(invoice.id)}>{invoice.invoiceNo}</Link> },
  { header: 'Date', className: 'nowrap', priority: 3, cell: ({ invoice }) => formatDate(invoice.date) },
  { header: 'Customer', priority: 2, cell: ({ invoice }) => invoice.customerName },
  { header: 'Total', className: 'num nowrap', cell: ({ invoice }) => formatMoney(invoice.totalCents) },
  { header: 'Paid Amount', className: 'num nowrap', priority: 2, cell: ({ invoice }) => formatMoney(invoice.paidCents) },
  {
    header: 'Reason',
    cell: ({ invoice, firstInvoiceNo }) => (
      <>
        {invoice.reviewReason}
        {invoice.duplicateOfId && firstInvoiceNo && (
          <div>
            First invoice:{' '}
            <Link className="nowrap" to={invoicePath(invoice.duplicateOfId)}>
              {firstInvoiceNo}
            </Link>
          </div>
        )}
      </>
    ),
  },
  { header: 'Sold By', priority: 3, cell: ({ invoice }) => invoice.soldBy },
];

const returnPath = (invoiceId: string) => `${paths.returns}?invoiceId=${encodeURIComponent(invoiceId)}`;
/** The Returns screen with the whole sale chosen, for the reason 'Duplicate sale'. */
const returnWholePath = (invoiceId: string) => `${returnPath(invoiceId)}&whole=1`;

const returnColumns: Column<ReturnToReview>[] = [
  { header: 'Credit Note No', primary: true, className: 'mono nowrap', cell: ({ note }) => note.creditNoteNo },
  { header: 'Invoice No', className: 'mono nowrap', priority: 2, cell: ({ note }) => <Link to={returnPath(note.invoiceId)}>{note.invoiceNo}</Link> },
  { header: 'Date', className: 'nowrap', priority: 3, cell: ({ note }) => formatDate(note.date) },
  {
    header: 'Refund',
    className: 'num nowrap',
    cell: ({ note, heldCents }) => (
      <>
        {`${formatMoney(note.refundCents)} ${note.refundCents > 0 ? note.refundMethod : ''}`}
        {heldCents > 0 && <div className="warning-text">{formatMoney(heldCents)} held</div>}
      </>
    ),
  },
  { header: 'Reason', className: 'review-reason', cell: ({ note }) => note.reviewReason },
  { header: 'Returned By', priority: 3, cell: ({ note }) => note.userName },
];

/**
 * Sales to Review (issue 23): a sale made at a register is recorded even when it conflicts (a second
 * sale of a job already invoiced elsewhere, a job deleted meanwhile); the money stands and a Manager
 * or Admin looks at each one here, from the device's data, offline too. Refunds and credit resolve
 * them on the Returns screen ('Return in full' takes a second sale of a job back whole, which closes its
 * review); 'Mark as reviewed' says it was looked at.
 */
export function SaleReviewPage() {
  const rows = useSalesToReview();
  const returns = useReturnsToReview();
  const review = (number: string, id: string, kind: ReviewedKind = 'sale') =>
    void markSaleReviewed(id, kind)
      .then(() => toast.success(`${number} marked as reviewed.`))
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'The sale could not be marked as reviewed.'));
  const accept = (note: CreditNoteRow, heldCents: number) =>
    void acceptHeldRefund(note.id, note.invoiceId)
      .then(() => toast.success(`${formatMoney(heldCents)} of ${note.creditNoteNo} accepted and paid out.`))
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'The refund could not be accepted.'));
  return (
    <section className="page sale-review-page">
      <div className="page-header">
        <h1>Sales to Review</h1>
      </div>
      <p className="muted">
        Sales recorded although they conflict with another record. The money stays recorded; look at each one, then mark it as reviewed. A second sale of a job is settled by
        returning it in full: refunded, or kept as the customer's credit.
      </p>
      <div className="panel">
        <DataTable
          className="sale-review-table"
          columns={columns}
          rows={rows}
          rowKey={({ invoice }) => invoice.id}
          loadingText="Loading..."
          emptyText="No sales to review."
          actions={({ invoice }) => (
            <>
              {invoice.duplicateOfId && (
                // Settles a second sale of a job: all of it comes back, refunded or kept as credit, and the review closes.
                <Link className="btn btn-small btn-secondary" aria-label={`Return ${invoice.invoiceNo} in full`} to={returnWholePath(invoice.id)}>
                  Return in full
                </Link>
              )}
              <button
                type="button"
                className="btn btn-small btn-primary"
                aria-label={`Mark ${invoice.invoiceNo} as reviewed`}
                onClick={() => review(invoice.invoiceNo, invoice.id)}
              >
                Mark as reviewed
              </button>
            </>
          )}
        />
      </div>
      <h2>Returns to Review</h2>
      <p className="muted">
        Returns recorded although they conflict: a line that had already come back on another register, rights that held only by the register&apos;s clock, or a refund beyond what
        the lines are worth. The refunds stay recorded; what is beyond the worth is held, neither paid out nor credit, until it is accepted. &apos;Mark as reviewed&apos; keeps such
        a refund at its worth.
      </p>
      <div className="panel">
        <DataTable
          className="return-review-table"
          columns={returnColumns}
          rows={returns}
          rowKey={({ note }) => note.id}
          loadingText="Loading..."
          emptyText="No returns to review."
          actions={({ note, heldCents }) => (
            <>
              {heldCents > 0 && (
                <button
                  type="button"
                  className="btn btn-small btn-secondary"
                  aria-label={`Accept the refund of ${note.creditNoteNo} as handed over`}
                  onClick={() => accept(note, heldCents)}
                >
                  Accept refund
                </button>
              )}
              <button
                type="button"
                className="btn btn-small btn-primary"
                aria-label={`Mark ${note.creditNoteNo} as reviewed`}
                onClick={() => review(note.creditNoteNo, note.id, 'return')}
              >
                Mark as reviewed
              </button>
            </>
          )}
        />
      </div>
      <PaymentsToReview review={(label, id) => review(label, id, 'payment')} />
      <ExpensesToReview review={(label, id) => review(label, id, 'expense')} />
    </section>
  );
}
