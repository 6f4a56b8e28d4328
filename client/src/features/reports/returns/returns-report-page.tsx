import { useState } from 'react';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toast-store';
import { localDateInput } from '../../../lib/format-date';
import { formatMoney } from '../../../../../shared/domain/money';
import { formatQuantity } from '../../../../../shared/domain/quantity';
import { groupingLabels, returnsGroupings, type ReturnsGrouping, type ReturnsReportRow } from '../../../../../shared/reports/returns-report';
import { useReturnsReport } from './api/use-returns-report';
import { downloadReturnsPdf, returnsReportTitle } from './api/download-returns-pdf';

const firstOfMonth = () => {
  const now = new Date();
  return localDateInput(new Date(now.getFullYear(), now.getMonth(), 1));
};

const columnsFor = (by: ReturnsGrouping): Column<ReturnsReportRow>[] => [
  { header: groupingLabels[by], primary: true, cell: (row) => row.key },
  { header: 'Returns', className: 'num', cell: (row) => row.returns },
  { header: 'Quantity', className: 'num', cell: (row) => formatQuantity(row.quantityHundredths) },
  { header: 'Worth', className: 'num nowrap', cell: (row) => formatMoney(row.worthCents) },
  { header: 'Refunded', className: 'num nowrap', cell: (row) => (row.refundCents === null ? '—' : formatMoney(row.refundCents)) },
];

/**
 * The Returns Report (issue 26): a period's returns by day, reason or item, with totals and a PDF,
 * from the device's own credit notes, offline too.
 */
export function ReturnsReportPage() {
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => localDateInput());
  const [by, setBy] = useState<ReturnsGrouping>('day');
  const report = useReturnsReport(from, to, by);
  const [building, setBuilding] = useState(false);
  const download = () => {
    if (!report) return;
    setBuilding(true);
    void downloadReturnsPdf(report, from, to, by)
      .catch(() => toast.error('The PDF could not be made. Please try again.'))
      .finally(() => setBuilding(false));
  };

  return (
    <section className="page returns-report-page">
      <div className="page-header">
        <h1>{returnsReportTitle}</h1>
        <div className="page-actions">
          <input type="date" className="date-filter" aria-label="From" value={from} max={to} onChange={(event) => setFrom(event.target.value)} />
          <input type="date" className="date-filter" aria-label="To" value={to} min={from} onChange={(event) => setTo(event.target.value)} />
          <select aria-label="Group by" value={by} onChange={(event) => setBy(event.target.value as ReturnsGrouping)}>
            {returnsGroupings.map((grouping) => (
              <option key={grouping} value={grouping}>
                By {groupingLabels[grouping].toLowerCase()}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" disabled={!report || report.rows.length === 0 || building} onClick={download}>
            {building ? 'Preparing PDF…' : 'Download PDF'}
          </button>
        </div>
      </div>
      <div className="panel">
        {report && (
          <dl className="aging-summary" aria-label="Totals">
            <div>
              <dt>Returns</dt>
              <dd data-testid="returns-total-count">{report.totals.returns}</dd>
            </div>
            <div>
              <dt>Quantity</dt>
              <dd>{formatQuantity(report.totals.quantityHundredths)}</dd>
            </div>
            <div>
              <dt>Worth</dt>
              <dd data-testid="returns-total-worth">{formatMoney(report.totals.worthCents)}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd data-testid="returns-total-refund">{formatMoney(report.totals.refundCents)}</dd>
            </div>
          </dl>
        )}
        <DataTable
          className="returns-report-table"
          columns={columnsFor(by)}
          rows={report?.rows}
          rowKey={(row) => row.key}
          loadingText="Loading..."
          emptyText="No returns in this period."
        />
      </div>
    </section>
  );
}
