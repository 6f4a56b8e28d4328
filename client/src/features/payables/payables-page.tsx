import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '@/components/ui/data-table';
import { SearchInput } from '@/components/ui/search-input';
import { toast } from '@/components/ui/toast-store';
import { localDateInput } from '@/lib/format-date';
import { formatDay } from '@/lib/document-format';
import { formatMoney } from '@shared/domain/money';
import { payableAgingBuckets } from '@shared/domain/payables';
import type { PayablesRow } from '@shared/reports/payables-aging';
import { usePayables } from './api/use-payables';
import { downloadPayablesPdf, payablesAgingTitle } from './api/download-payables-pdf';
import { supplierAccountPath } from '@/lib/purchasing/supplier-account-path';

const columns: Column<PayablesRow>[] = [
  { header: 'Supplier', primary: true, cell: (row) => <Link to={supplierAccountPath(row.supplierId)}>{row.supplierName}</Link> },
  { header: 'Open Bills', className: 'num', priority: 3, cell: (row) => row.openBills },
  ...payableAgingBuckets.map((bucket): Column<PayablesRow> => ({ header: bucket, className: 'num nowrap', priority: 2, cell: (row) => formatMoney(row.aging[bucket]) })),
  { header: 'Owed', className: 'num nowrap', cell: (row) => formatMoney(row.owedCents) },
  { header: 'Credit', className: 'num nowrap', priority: 3, cell: (row) => (row.creditCents ? formatMoney(row.creditCents) : '—') },
  { header: 'Next Due', className: 'nowrap', priority: 2, cell: (row) => (row.nextDue ? formatDay(row.nextDue) : '—') },
];

/**
 * What the shop owes each supplier (issue 44, points 6 and 8), `/inventory/payables`, and the
 * Payables Aging Report, `/report/payables-aging`: one screen, from this device's bills, payments
 * and returns, offline too, with its PDF. Managers and Admins (`purchase`): Staff's devices hold none.
 */
export function PayablesPage({ title = 'Payables' }: { title?: string }) {
  const result = usePayables();
  const report = result?.report;
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const words = query.trim().toLowerCase();
  const rows = report?.rows.filter((row) => words === '' || row.supplierName.toLowerCase().includes(words));

  async function download() {
    if (!report) return;
    setBusy(true);
    try {
      await downloadPayablesPdf(report, localDateInput());
    } catch (error) {
      console.error('Payables PDF', error);
      toast.error('The PDF could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page payables-page">
      <div className="page-header">
        <h1>{title}</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" disabled={!report?.rows.length || busy} aria-busy={busy} onClick={() => void download()}>
            {busy ? 'Preparing PDF…' : 'Download PDF'}
          </button>
        </div>
      </div>
      <div className="panel">
        {report && (
          <dl className="aging-summary" aria-label="Totals">
            {payableAgingBuckets.map((bucket) => (
              <div key={bucket}>
                <dt>{bucket}</dt>
                <dd>{formatMoney(report.totals.aging[bucket])}</dd>
              </div>
            ))}
            <div>
              <dt>Total Owed</dt>
              <dd data-testid="payables-total">{formatMoney(report.totals.owedCents)}</dd>
            </div>
          </dl>
        )}
        <SearchInput value={query} onChange={setQuery} placeholder="Search suppliers..." label="Search suppliers" />
        <DataTable
          className="payables-table"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.supplierId}
          loadingText="Loading..."
          emptyText={words ? 'No supplier matches.' : 'Nothing is owed to any supplier.'}
          errorText={result?.error ?? null}
        />
      </div>
    </section>
  );
}

/** The Reports menu's name for the same screen. */
export function PayablesAgingPage() {
  return <PayablesPage title={payablesAgingTitle} />;
}
