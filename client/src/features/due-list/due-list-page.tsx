import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { toast } from '@/components/ui/toast-store';
import { formatDate, localDateInput } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { paymentMethodName } from '@shared/domain/payment-methods';
import { owedCents } from '@shared/domain/sales';
import { agingBuckets, agingSummary, daysPastDue } from '@shared/domain/allocation';
import { localDay } from '@/lib/document-format';
import { bulkReceiptPath } from '@/components/print/reprint-path';
import { useDueInvoices, usePaymentHistories } from './api/use-due-invoices';
import { useCustomerDue } from '@/lib/use-customer-due';
import { printInvoiceReceipt } from './api/print-receipts';
import { CustomerFilter } from './components/customer-filter';
import { RecordPaymentModal } from './components/record-payment-modal';
import { BulkPaymentModal } from './components/bulk-payment-modal';
import { useCustomerCredit } from '@/lib/use-customer-credit';
import { DateField } from '@/components/ui/date-field';
import { ExportCsvButton } from '@/components/export-csv-button';

const pageSize = 50;

const loadFailedMessage = 'Failed to load due invoices.';
const loadFailedInline = 'Failed to load due invoices. Please try again.';

function overdueText(days: number): string {
  if (days <= 0) return days === 0 ? 'due today' : `due in ${-days} days`;
  return `${days} day${days === 1 ? '' : 's'} overdue`;
}

/**
 * The Due List (spec 2.12): unpaid invoices from the device's data, filtered by number, customer
 * and date together; each one's payment history, days past due and the aging of what is listed;
 * Record Payment, Bulk Payment and receipts, offline too.
 */
export function DueListPage() {
  const [invoiceNo, setInvoiceNo] = useState('');
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [paying, setPaying] = useState<string | null>(null);
  const [bulk, setBulk] = useState(false);
  const { listed, failed } = useDueInvoices({ invoiceNo, customerId, date });
  const customerDue = useCustomerDue(customerId)?.cents ?? 0;
  const customer = useLiveQuery(() => (customerId ? db.customers.get(customerId) : undefined), [customerId]);
  const creditCents = useCustomerCredit(customerId);
  const today = localDateInput();
  const rows = useMemo(() => (listed ?? []).slice((page - 1) * pageSize, page * pageSize), [listed, page]);
  const histories = usePaymentHistories(rows.map((row) => row.id));
  const totalDue = (listed ?? []).reduce((sum, invoice) => sum + invoice.dueCents, 0);
  // Days past due count from the day each invoice was made here, as its printed due date does.
  const aging = useMemo(
    () =>
      agingSummary(
        (listed ?? []).map((invoice) => ({ day: localDay(invoice.date), dueCents: invoice.dueCents, dueDate: invoice.dueDate })),
        today,
      ),
    [listed, today],
  );
  useEffect(() => {
    if (failed) toast.error(loadFailedMessage);
  }, [failed]);
  const filter = (set: () => void) => {
    set();
    setPage(1);
  };
  const toggle = (id: string) => setExpanded((open) => (open.has(id) ? new Set([...open].filter((x) => x !== id)) : new Set(open).add(id)));

  return (
    <section className="page due-list-page">
      <div className="page-header">
        <h1>Due List</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search invoice no..." label="Search invoice number" value={invoiceNo} onChange={(v) => filter(() => setInvoiceNo(v))} />
          <CustomerFilter customerId={customerId} onChange={(id) => filter(() => setCustomerId(id))} />
          <DateField onlyDays className="date-filter" label="Invoice date" value={date} onChange={(day) => filter(() => setDate(day))} />
          <ExportCsvButton list="dueList" />
          <ExportCsvButton list="payments" label="Export payments" />
          <button type="button" className="btn btn-primary" disabled={!customerId || customerDue <= 0} onClick={() => setBulk(true)}>
            Bulk Payment
          </button>
        </div>
      </div>
      {customerId && (creditCents ?? 0) !== 0 && (
        <p className="customer-credit" data-testid="customer-credit">
          {String(customer?.customerName ?? 'This customer')} has {formatMoney(creditCents ?? 0)} of customer credit
          {(creditCents ?? 0) > 0 ? ': Record Payment and Bulk Payment can spend it.' : ' owing: more was spent than there was (under review).'}
        </p>
      )}
      <dl className="aging-summary" aria-label="Aging of the listed dues">
        {agingBuckets.map((bucket) => (
          <div key={bucket}>
            <dt>{bucket}</dt>
            <dd>{formatMoney(aging[bucket])}</dd>
          </div>
        ))}
      </dl>
      <div className="panel">
        <table className="table data-table due-table">
          <thead>
            <tr>
              <th>Invoice No</th>
              <th className="p4">Date</th>
              <th className="p2">Customer</th>
              <th className="num p2">Total</th>
              <th className="num">Paid Amount</th>
              <th className="num">Due</th>
              <th className="p4">Sold By</th>
              <th className="actions-col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {failed && (
              <tr>
                <td colSpan={8} className="table-message error-text" role="alert">
                  {loadFailedInline}
                </td>
              </tr>
            )}
            {listed === undefined && !failed && (
              <tr>
                <td colSpan={8} className="muted table-message">
                  Loading...
                </td>
              </tr>
            )}
            {listed?.length === 0 && (
              <tr>
                <td colSpan={8} className="muted table-message">
                  No due invoices.
                </td>
              </tr>
            )}
            {rows.map((invoice) => {
              const history = histories?.get(invoice.id) ?? [];
              const days = daysPastDue(localDay(invoice.date), today, invoice.dueDate);
              const open = expanded.has(invoice.id);
              return (
                <Fragment key={invoice.id}>
                  <tr>
                    <td className="primary">
                      <span className="mono">{invoice.invoiceNo}</span>
                      {/* On a tablet the columns of lower priority fold here (the lists' data-table classes). */}
                      <dl className="folded">
                        <div className="fold fold-p4">
                          <dt>Date</dt>
                          <dd>{formatDate(invoice.date)}</dd>
                        </div>
                        <div className="fold fold-p2">
                          <dt>Customer</dt>
                          <dd>{invoice.customerName}</dd>
                        </div>
                        <div className="fold fold-p2">
                          <dt>Total</dt>
                          <dd>{formatMoney(owedCents(invoice))}</dd>
                        </div>
                        <div className="fold fold-p4">
                          <dt>Sold By</dt>
                          <dd>{invoice.soldBy}</dd>
                        </div>
                      </dl>
                    </td>
                    <td className="nowrap p4">{formatDate(invoice.date)}</td>
                    <td className="p2">{invoice.customerName}</td>
                    <td className="num p2">
                      {formatMoney(owedCents(invoice))}
                      {/* After its returns: the total, paid and due add up; the return is named. */}
                      {Number(invoice.returnedCents ?? 0) > 0 && <div className="muted">less {formatMoney(Number(invoice.returnedCents))} returned</div>}
                    </td>
                    <td className="num">
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={open}
                        aria-label={`${formatMoney(invoice.paidCents)} paid: payment history of ${invoice.invoiceNo}`}
                        onClick={() => toggle(invoice.id)}
                      >
                        {formatMoney(invoice.paidCents)} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
                      </button>
                    </td>
                    <td className="num">
                      {formatMoney(invoice.dueCents)}
                      <div className={days > 0 ? 'overdue' : 'muted'}>{overdueText(days)}</div>
                    </td>
                    <td className="p4">{invoice.soldBy}</td>
                    <td className="actions-col">
                      <button
                        type="button"
                        className="btn btn-small btn-primary"
                        aria-label={`Edit: record payment for ${invoice.invoiceNo}`}
                        onClick={() => setPaying(invoice.id)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-small btn-secondary"
                        aria-label={`Receipt for ${invoice.invoiceNo}`}
                        onClick={() => void printInvoiceReceipt(invoice.id).catch(() => toast.error('The receipt could not be printed.'))}
                      >
                        Receipt
                      </button>
                    </td>
                  </tr>
                  {open && (
                    <tr className="history-row">
                      <td colSpan={8}>
                        <h3>Payment History</h3>
                        {history.length === 0 ? (
                          <p className="muted">No payment history.</p>
                        ) : (
                          <table className="table payment-history">
                            <thead>
                              <tr>
                                <th>Date</th>
                                <th>Method</th>
                                <th className="num">Amount</th>
                                <th>Note</th>
                                <th aria-label="Receipt" />
                              </tr>
                            </thead>
                            <tbody>
                              {history.map((payment) => (
                                <tr key={payment.id}>
                                  <td>{formatDate(payment.date)}</td>
                                  <td>{paymentMethodName(payment.method || 'Cash')}</td>
                                  <td className="num">{formatMoney(payment.amountCents)}</td>
                                  <td>{payment.note || '—'}</td>
                                  <td>
                                    {payment.bulkId && (
                                      <Link className="link" to={bulkReceiptPath(payment.bulkId)}>
                                        Reprint receipt
                                      </Link>
                                    )}
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              {/* One cell a column, each with its column's class: folded columns fold here too. */}
              <td>Total Due Amount</td>
              <td className="p4" />
              <td className="p2" />
              <td className="p2" />
              <td />
              <td className="num" data-testid="total-due">
                <strong>{formatMoney(totalDue)}</strong>
              </td>
              <td className="p4" />
              <td />
            </tr>
          </tfoot>
        </table>
        {listed && listed.length > 0 && <Pager page={page} pageSize={pageSize} total={listed.length} onPage={setPage} />}
      </div>
      {paying && <RecordPaymentModal invoiceId={paying} onClose={() => setPaying(null)} onRecorded={() => setPaying(null)} />}
      {bulk && customerId && <BulkPaymentModal customerId={customerId} customerName={String(customer?.customerName ?? '')} onClose={() => setBulk(false)} />}
    </section>
  );
}
