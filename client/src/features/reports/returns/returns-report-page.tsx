import { useState } from 'react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { groupingLabels, returnsGroupings, type ReturnsGrouping, type ReturnsReportRow } from '@shared/reports/returns-report';
import { ReportFrame } from '../frame/report-frame';
import { useReportPeriod } from '../frame/use-report-period';
import { useReturnsReport } from './api/use-returns-report';
import { downloadReturnsPdf, returnsReportTitle } from './api/download-returns-pdf';

const columnsFor = (by: ReturnsGrouping): Column<ReturnsReportRow>[] => [
  { header: groupingLabels[by], primary: true, cell: (row) => row.key },
  { header: 'Returns', className: 'num', cell: (row) => row.returns },
  { header: 'Quantity', className: 'num', cell: (row) => formatQuantity(row.quantityHundredths) },
  // On a tablet the worth's two parts fold under the row's name; the worth and refund stay in columns.
  { header: 'Before Tax', priority: 3, className: 'num nowrap', cell: (row) => formatMoney(row.beforeTaxCents) },
  { header: 'Tax', priority: 3, className: 'num nowrap', cell: (row) => formatMoney(row.taxCents) },
  { header: 'Worth', className: 'num nowrap', cell: (row) => formatMoney(row.worthCents) },
  { header: 'Refunded', className: 'num nowrap', cell: (row) => (row.refundCents === null ? '—' : formatMoney(row.refundCents)) },
];

/**
 * The Returns Report (issue 26): a period's returns by day, reason or item, with totals and a PDF,
 * from the device's own credit notes, offline too.
 */
export function ReturnsReportPage() {
  const period = useReportPeriod();
  const { from, to } = period;
  const [by, setBy] = useState<ReturnsGrouping>('day');
  const report = useReturnsReport(from, to, by);
  const makePdf = report && report.rows.length > 0 ? () => downloadReturnsPdf(report, from, to, by) : null;
  const groupBy = (
    <select aria-label="Group by" value={by} onChange={(event) => setBy(event.target.value as ReturnsGrouping)}>
      {returnsGroupings.map((grouping) => (
        <option key={grouping} value={grouping}>
          By {groupingLabels[grouping].toLowerCase()}
        </option>
      ))}
    </select>
  );

  return (
    <ReportFrame className="returns-report-page" title={returnsReportTitle} period={period} filters={groupBy} makePdf={makePdf}>
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
            <dt>Before Tax</dt>
            <dd data-testid="returns-total-before-tax">{formatMoney(report.totals.beforeTaxCents)}</dd>
          </div>
          <div>
            <dt>Tax</dt>
            <dd data-testid="returns-total-tax">{formatMoney(report.totals.taxCents)}</dd>
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
    </ReportFrame>
  );
}
