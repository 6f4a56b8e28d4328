import { useRef } from 'react';
import { formatMoney } from '@shared/domain/money';
import { foldByMethod } from '@shared/domain/payment-methods';
import { denominations } from '@shared/domain/cash-drawer';
import { DocTotals } from '@/components/print/doc-totals';
import { CompanyFooter, DocumentHeader, Facts } from '@/components/print/company-header';
import { ReceiptHeader, useThermalPageHeightMm } from '@/components/print/receipt-parts';
import { formatDateTime } from '@/lib/format-date';
import { registerLabel } from '@/lib/register-names';
import { DrawerLinesTable, MethodTotalsTable, drawerLines } from '../components/drawer-lines';
import type { DrawerReportData } from './load-drawer-report';

export const zReportTitle = 'Z Report';
export const xReportTitle = 'X Report';
export const drawerReportTitle = ({ kind }: DrawerReportData) => (kind === 'X' ? xReportTitle : zReportTitle);

/** Who and when, as both sizes print it: a Z report its number and close, an X report the moment it stands for. */
function sessionFacts({ kind, session, printedAt, registerNames }: DrawerReportData): [string, string][] {
  const opened: [string, string] = ['Opened', `${formatDateTime(session.createdAt)} · ${session.openedBy}`];
  const register: [string, string] = ['Register', registerLabel(session.register, registerNames)];
  if (kind === 'X') return [register, opened, ['As at', formatDateTime(printedAt)], ['Drawer', 'Still open']];
  return [['Z Report No', session.zNumber], register, opened, ['Closed', `${session.closedAt ? formatDateTime(session.closedAt) : ''} · ${session.closedBy}`]];
}

/** A Z report: expected, counted and the difference with its reason. An X report: what the drawer should hold now. */
function outcome({ kind, session, expectedCents }: DrawerReportData): [string, string][] {
  if (kind === 'X') return [['Expected in the drawer', formatMoney(expectedCents)]];
  return [
    ['Expected', formatMoney(session.expectedCents)],
    ['Counted', formatMoney(session.countedCents)],
    ['Difference', formatMoney(session.differenceCents)],
    ...(session.differenceReason ? ([['Reason', session.differenceReason]] as [string, string][]) : []),
  ];
}

/** The count's notes and coins that were there (a blank count prints none). */
const countedPieces = ({ count }: DrawerReportData) => denominations.filter((d) => (count?.[d.cents] ?? 0) > 0).map((d) => ({ ...d, pieces: count![d.cents]! }));

/**
 * An X or Z report on an A4 page: the session, the drawer's lines, totals by method, the cash taken
 * while the drawer was closed before it (each payment, for whoever reads it after), pay-ins and -outs,
 * the count and the outcome.
 */
export function DrawerReportDocument({ data }: { data: DrawerReportData }) {
  const { kind, report, moves, company } = data;
  const title = drawerReportTitle(data);
  const totals = outcome(data);
  return (
    <article className={`print-doc print-invoice print-${kind.toLowerCase()}-report`} aria-label={title}>
      <DocumentHeader company={company} title={title} facts={sessionFacts(data)} barcode={kind === 'Z' ? data.session.zNumber : undefined} />
      <section className="doc-bottom">
        <DrawerLinesTable report={report} className="doc-table doc-lines" />
        <MethodTotalsTable report={report} className="doc-table doc-lines" />
      </section>
      {data.takenWhileClosed.length > 0 && (
        <table className="doc-table doc-lines" aria-label="Cash taken while closed">
          <thead>
            <tr>
              <th>Taken while the drawer was closed</th>
              <th>Invoice No</th>
              <th>By</th>
              <th className="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {data.takenWhileClosed.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDateTime(payment.createdAt)}</td>
                <td>{payment.invoiceNo}</td>
                <td>{payment.userName}</td>
                <td className="num">{formatMoney(payment.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
        {kind === 'Z' ? (
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
        ) : (
          <p className="doc-note">Not a close: the drawer stays open and is counted at its Z report.</p>
        )}
        <DocTotals lines={totals.map(([label, value], index) => ({ label, value, look: index === (kind === 'Z' ? 2 : 0) ? 'grand-total' : undefined }))} />
      </section>
      <CompanyFooter company={company} />
    </article>
  );
}

/** An X or Z report on the 80 mm roll, to keep with the day's cash. */
export function DrawerReportSlip({ data }: { data: DrawerReportData }) {
  const ref = useRef<HTMLElement>(null);
  const heightMm = useThermalPageHeightMm(ref, true);
  const title = drawerReportTitle(data);
  const figures = [
    ...drawerLines(data.report).map(([label, cents]) => [label, formatMoney(cents)] as const),
    ...foldByMethod(data.report.byMethod).map(({ method, cents }) => [method, formatMoney(cents)] as const),
    ...outcome(data),
  ];
  return (
    <article ref={ref} className={`print-doc print-receipt receipt-thermal80 print-${data.kind.toLowerCase()}-report-slip`} aria-label={`${title} (80 mm)`}>
      {heightMm !== null && <style>{`@page receipt-thermal { size: 80mm ${heightMm}mm; }`}</style>}
      <ReceiptHeader company={data.company} title={title} />
      <Facts className="receipt-facts" facts={sessionFacts(data)} />
      <table className="receipt-figures">
        <tbody>
          {figures.map(([label, value]) => (
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
