import { useRef } from 'react';
import { formatMoney } from '../../../../../shared/domain/money';
import { denominations } from '../../../../../shared/domain/cash-drawer';
import { CompanyFooter, DocumentHeader, Facts } from '../../../components/print/company-header';
import { ReceiptHeader, useThermalPageHeightMm } from '../../../components/print/receipt-parts';
import { formatDateTime } from '../../../lib/format-date';
import { drawerLines } from '../components/drawer-lines';
import type { ZReportData } from './load-z-report';

export const zReportTitle = 'Z Report';

/** Who and when, as both sizes print it. */
function sessionFacts({ session }: ZReportData): [string, string][] {
  return [
    ['Z Report No', session.zNumber],
    ['Register', session.register],
    ['Opened', `${formatDateTime(session.createdAt)} · ${session.openedBy}`],
    ['Closed', `${session.closedAt ? formatDateTime(session.closedAt) : ''} · ${session.closedBy}`],
  ];
}

/** Expected, counted and the difference with its reason: the close's outcome. */
function outcome({ session }: ZReportData): [string, string][] {
  return [
    ['Expected', formatMoney(session.expectedCents)],
    ['Counted', formatMoney(session.countedCents)],
    ['Difference', formatMoney(session.differenceCents)],
    ...(session.differenceReason ? ([['Reason', session.differenceReason]] as [string, string][]) : []),
  ];
}

/** The count's notes and coins that were there (a blank count prints none). */
const countedPieces = ({ count }: ZReportData) => denominations.filter((d) => (count[d.cents] ?? 0) > 0).map((d) => ({ ...d, pieces: count[d.cents]! }));

/** The Z report on an A4 page: the session, the drawer's lines, totals by method, the count and the outcome. */
export function ZReportDocument({ data }: { data: ZReportData }) {
  const { report, moves, company } = data;
  return (
    <article className="print-doc print-invoice print-z-report" aria-label={zReportTitle}>
      <DocumentHeader company={company} title={zReportTitle} facts={sessionFacts(data)} barcode={data.session.zNumber} />
      <section className="doc-bottom">
        <table className="doc-table doc-lines">
          <thead>
            <tr>
              <th>Cash drawer</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {drawerLines(report).map(([label, cents]) => (
              <tr key={label}>
                <td>{label}</td>
                <td className="num">{formatMoney(cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="doc-table doc-lines">
          <thead>
            <tr>
              <th>Payment Method</th>
              <th className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {report.byMethod.map(({ method, cents }) => (
              <tr key={method}>
                <td>{method}</td>
                <td className="num">{formatMoney(cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {moves.length > 0 && (
        <table className="doc-table doc-lines">
          <thead>
            <tr>
              <th>Pay in / Pay out</th>
              <th>Reason</th>
              <th>By</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {moves.map((move) => (
              <tr key={move.id}>
                <td>{move.kind === 'payIn' ? 'Pay in' : 'Pay out'}</td>
                <td>{move.reason}</td>
                <td>{move.userName}</td>
                <td className="num">{formatMoney(move.kind === 'payIn' ? move.amountCents : -move.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="doc-bottom">
        <table className="doc-table doc-lines">
          <thead>
            <tr>
              <th>Counted</th>
              <th className="num">Pieces</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {countedPieces(data).map((d) => (
              <tr key={d.cents}>
                <td>{d.label}</td>
                <td className="num">{d.pieces}</td>
                <td className="num">{formatMoney(d.pieces * d.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="doc-totals">
          <tbody>
            {outcome(data).map(([label, value], index) => (
              <tr key={label} className={index === 2 ? 'doc-grand-total' : undefined}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <CompanyFooter company={company} />
    </article>
  );
}

/** The Z report on the 80 mm roll, to keep with the day's cash. */
export function ZReportSlip({ data }: { data: ZReportData }) {
  const ref = useRef<HTMLElement>(null);
  const heightMm = useThermalPageHeightMm(ref, true);
  return (
    <article ref={ref} className="print-doc print-receipt receipt-thermal80 print-z-report-slip" aria-label={`${zReportTitle} (80 mm)`}>
      {heightMm !== null && <style>{`@page receipt-thermal { size: 80mm ${heightMm}mm; }`}</style>}
      <ReceiptHeader company={data.company} title={zReportTitle} />
      <Facts className="receipt-facts" facts={sessionFacts(data)} />
      <table className="receipt-figures">
        <tbody>
          {[...drawerLines(data.report).map(([label, cents]) => [label, formatMoney(cents)] as const), ...data.report.byMethod.map(({ method, cents }) => [method, formatMoney(cents)] as const), ...outcome(data)].map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
