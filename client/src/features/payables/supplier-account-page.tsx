import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDay } from '@/lib/document-format';
import { localDateInput } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { formatMoney } from '@shared/domain/money';
import { billAgeDays } from '@shared/domain/payables';
import { useSupplierAccount } from './api/use-supplier-account';
import { BillForm } from './components/bill-form';
import { PayForm } from './components/pay-form';

/**
 * One supplier's account (issue 44, point 6), `/inventory/payables/:supplierId`: what is owed and how
 * old it is, bill by bill (a bill that differs from its deliveries marked), the payments and the
 * returns' credits, and 'Enter Bill' for what came and is not billed yet, and 'Pay Supplier'. Read
 * from this device, offline too.
 */
export function SupplierAccountPage() {
  const { supplierId = '' } = useParams();
  const account = useSupplierAccount(supplierId);
  const [panel, setPanel] = useState<'bill' | 'pay' | null>(null);
  if (account === undefined) return <p className="page muted">Loading...</p>;
  const { supplier, standing } = account;
  const name = supplier?.name ?? account.bills[0]?.supplierName ?? account.payments[0]?.supplierName ?? 'Supplier';
  const today = localDateInput();
  const billNo = new Map(account.bills.map((bill) => [bill.id, bill.billNo]));
  const differs = new Map(account.bills.map((bill) => [bill.id, bill]));

  return (
    <section className="page supplier-account-page">
      <div className="page-header">
        <h1>{name}</h1>
        <div className="page-actions">
          <Link className="btn btn-secondary" to={paths.payables}>
            All payables
          </Link>
          {supplier && panel === null && (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setPanel('bill')}>
                Enter Bill
              </button>
              <button type="button" className="btn btn-primary" onClick={() => setPanel('pay')}>
                Pay Supplier
              </button>
            </>
          )}
        </div>
      </div>
      {!supplier && <p className="muted">This supplier is no longer on record; its bills and payments still are.</p>}
      <div className="panel">
        <dl className="aging-summary" aria-label="Account">
          <div>
            <dt>Owed</dt>
            <dd data-testid="supplier-owed">{formatMoney(standing.owedCents)}</dd>
          </div>
          <div>
            <dt>Credit with supplier</dt>
            <dd data-testid="supplier-credit">{formatMoney(standing.creditCents)}</dd>
          </div>
          <div>
            <dt>Received, not billed</dt>
            <dd>{account.unbilled.length === 1 ? '1 line' : `${account.unbilled.length} lines`}</dd>
          </div>
        </dl>
      </div>
      {panel === 'bill' && supplier && <BillForm supplierId={supplier.id} paymentTermsDays={supplier.paymentTermsDays} unbilled={account.unbilled} onDone={() => setPanel(null)} />}
      {panel === 'pay' && supplier && <PayForm account={{ ...account, supplier }} onDone={() => setPanel(null)} />}
      <div className="panel">
        <h2>Bills</h2>
        <table className="table supplier-bills" aria-label="Bills">
          <thead>
            <tr>
              <th>Bill No.</th>
              <th>Bill Date</th>
              <th>Due Date</th>
              <th className="num">Total</th>
              <th className="num">Paid</th>
              <th className="num">Open</th>
              <th className="num">Age</th>
            </tr>
          </thead>
          <tbody>
            {standing.bills.length === 0 && (
              <tr>
                <td colSpan={7} className="muted table-message">
                  No bills entered.
                </td>
              </tr>
            )}
            {[...standing.bills].reverse().map((bill) => {
              const row = differs.get(bill.id);
              return (
                <tr key={bill.id} data-bill-no={bill.billNo}>
                  <td className="mono">
                    {bill.billNo}
                    {row?.differs && <div className="error-text">Differs from the deliveries ({formatMoney(row.receivedCents)} received)</div>}
                  </td>
                  <td className="nowrap">{formatDay(bill.billDate)}</td>
                  <td className={`nowrap${bill.openCents > 0 && bill.dueDate < today ? ' error-text' : ''}`}>{formatDay(bill.dueDate)}</td>
                  <td className="num nowrap">{formatMoney(bill.totalCents)}</td>
                  <td className="num nowrap">{formatMoney(bill.paidCents)}</td>
                  <td className="num nowrap">{formatMoney(bill.openCents)}</td>
                  <td className="num nowrap">{bill.openCents > 0 ? `${billAgeDays(bill.billDate, today)} days` : 'Paid'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="panel">
        <h2>Payments and Credits</h2>
        <table className="table supplier-payments" aria-label="Payments and credits">
          <thead>
            <tr>
              <th>Date</th>
              <th>Kind</th>
              <th>Against</th>
              <th>Reference</th>
              <th>By</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {account.payments.length + account.returns.length === 0 && (
              <tr>
                <td colSpan={6} className="muted table-message">
                  No payments or returns yet.
                </td>
              </tr>
            )}
            {account.payments.map((payment) => (
              <tr key={payment.id}>
                <td className="nowrap">{formatDay(payment.createdAt.slice(0, 10))}</td>
                <td>{payment.method === 'Cash' ? 'Cash (drawer pay-out)' : payment.method}</td>
                <td>{payment.billId ? (billNo.get(payment.billId) ?? 'A bill') : 'Oldest bills first'}</td>
                <td>{payment.reference}</td>
                <td>{payment.userName}</td>
                <td className="num nowrap">{formatMoney(payment.amountCents)}</td>
              </tr>
            ))}
            {account.returns.map((sent) => (
              <tr key={sent.id}>
                <td className="nowrap">{formatDay(sent.createdAt.slice(0, 10))}</td>
                <td>Return credit</td>
                <td>{sent.orderNo}</td>
                <td>{sent.note}</td>
                <td>{sent.userName}</td>
                <td className="num nowrap">{formatMoney(sent.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
