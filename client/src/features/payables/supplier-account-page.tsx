import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDay } from '@/lib/document-format';
import { localDateInput } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { formatMoney } from '@shared/domain/money';
import { billAgeDays } from '@shared/domain/payables';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { BillStanding } from '@shared/domain/payables';
import { useSupplierAccount } from './api/use-supplier-account';
import type { SupplierAccount } from './api/read-supplier-account';
import { BillForm } from './components/bill-form';
import { PayForm } from './components/pay-form';

type BillRow = BillStanding & { differs?: boolean; receivedCents?: number };

/** A supplier's bills, newest first: a bill that differs from its deliveries says so under its number. */
const billColumns = (today: string): Column<BillRow>[] => [
  {
    header: 'Bill No.',
    primary: true,
    className: 'mono',
    cell: (bill) => (
      <>
        {bill.billNo}
        {bill.differs && <div className="error-text">Differs from the deliveries ({formatMoney(bill.receivedCents ?? 0)} received)</div>}
      </>
    ),
  },
  { header: 'Bill Date', className: 'nowrap', priority: 3, cell: (bill) => formatDay(bill.billDate) },
  {
    header: 'Due Date',
    className: 'nowrap',
    priority: 2,
    cell: (bill) => formatDay(bill.dueDate),
    cellClass: (bill) => (bill.openCents > 0 && bill.dueDate < today ? 'error-text' : undefined),
  },
  { header: 'Total', className: 'num nowrap', priority: 2, cell: (bill) => formatMoney(bill.totalCents) },
  { header: 'Paid', className: 'num nowrap', priority: 3, cell: (bill) => formatMoney(bill.paidCents) },
  { header: 'Open', className: 'num nowrap', cell: (bill) => formatMoney(bill.openCents) },
  { header: 'Age', className: 'num nowrap', cell: (bill) => (bill.openCents > 0 ? `${billAgeDays(bill.billDate, today)} days` : 'Paid') },
];

interface MoneyRow {
  id: string;
  createdAt: string;
  kind: string;
  against: string;
  reference: string;
  by: string;
  amountCents: number;
}

/** Payments and returns' credits, newest first, as one list. */
function moneyRows(account: SupplierAccount): MoneyRow[] {
  const billNo = new Map(account.bills.map((bill) => [bill.id, bill.billNo]));
  return [
    ...account.payments.map((payment) => ({
      id: payment.id,
      createdAt: payment.createdAt,
      kind: payment.method === 'Cash' ? 'Cash (drawer pay-out)' : payment.method,
      against: payment.billId ? (billNo.get(payment.billId) ?? 'A bill') : 'Oldest bills first',
      reference: payment.reference,
      by: payment.userName,
      amountCents: payment.amountCents,
    })),
    ...account.returns.map((sent) => ({
      id: sent.id,
      createdAt: sent.createdAt,
      kind: 'Return credit',
      against: sent.orderNo,
      reference: sent.note,
      by: sent.userName,
      amountCents: sent.totalCents,
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

const moneyColumns: Column<MoneyRow>[] = [
  { header: 'Date', className: 'nowrap', cell: (row) => formatDay(row.createdAt.slice(0, 10)) },
  { header: 'Kind', primary: true, cell: (row) => row.kind },
  { header: 'Against', priority: 2, cell: (row) => row.against },
  { header: 'Reference', priority: 3, cell: (row) => row.reference },
  { header: 'By', priority: 3, cell: (row) => row.by },
  { header: 'Amount', className: 'num nowrap', cell: (row) => formatMoney(row.amountCents) },
];

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
  const billFlags = new Map(account.bills.map((bill) => [bill.id, { differs: bill.differs, receivedCents: bill.receivedCents }]));

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
        <DataTable
          className="supplier-bills"
          columns={billColumns(today)}
          rows={[...standing.bills].reverse().map((bill) => ({ ...bill, ...billFlags.get(bill.id) }))}
          rowKey={(bill) => bill.id}
          loadingText="Loading..."
          emptyText="No bills entered."
        />
      </div>
      <div className="panel">
        <h2>Payments and Credits</h2>
        <DataTable
          className="supplier-payments"
          columns={moneyColumns}
          rows={moneyRows(account)}
          rowKey={(row) => row.id}
          loadingText="Loading..."
          emptyText="No payments or returns yet."
        />
      </div>
    </section>
  );
}
