import { formatMoney } from '@shared/domain/money';
import { foldByMethod } from '@shared/domain/payment-methods';
import type { ZReportTakings } from '@shared/schemas/drawer';

/** The lines of an X or Z report, in the order the drawer's arithmetic adds them up (shared/domain/cash-drawer.ts). */
export function drawerLines({ takings }: ZReportTakings): [label: string, cents: number][] {
  return [
    ['Float', takings.floatCents],
    ['Cash taken while closed', takings.closedCashCents],
    ['Cash sales', takings.cashSalesCents],
    ['Cash payments on invoices', takings.cashPaymentsCents],
    ['Pay in', takings.payInsCents],
    ['Cash refunds', -takings.cashRefundsCents],
    ['Cash expenses', -takings.cashExpensesCents],
    ['Pay out', -takings.payOutsCents],
  ];
}

interface TableProps {
  report: ZReportTakings;
  /** 'table …' on screen, 'doc-table …' on paper. */
  className: string;
  label?: string;
}

/** The drawer's lines; on screen with the expected figure under them, on paper under a heading (its totals say the rest). */
export function DrawerLinesTable({ report, className, label, expectedCents }: TableProps & { expectedCents?: number }) {
  return (
    <table className={className} aria-label={label}>
      {expectedCents === undefined && (
        <thead>
          <tr>
            <th>Cash drawer</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
      )}
      <tbody>
        {drawerLines(report).map(([name, cents]) => (
          <tr key={name}>
            {expectedCents === undefined ? <td>{name}</td> : <th scope="row">{name}</th>}
            <td className="num">{formatMoney(cents)}</td>
          </tr>
        ))}
        {expectedCents !== undefined && (
          <tr className="drawer-expected">
            <th scope="row">Expected in the drawer</th>
            <td className="num" data-testid="drawer-expected">
              {formatMoney(expectedCents)}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** Every payment method's total of the session, cash and the rest. */
export function MethodTotalsTable({ report, className, label }: TableProps) {
  return (
    <table className={className} aria-label={label}>
      <thead>
        <tr>
          <th>Payment Method</th>
          <th className="num">Total</th>
        </tr>
      </thead>
      <tbody>
        {/* A Z report stored before the one list of names may hold 'Bank' beside 'Bank Transfer'. */}
        {foldByMethod(report.byMethod).map(({ method, cents }) => (
          <tr key={method}>
            <td>{method}</td>
            <td className="num">{formatMoney(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the drawer should hold, line by line, and every method's total (cash and the rest), on screen. */
export function DrawerLines({ report, expectedCents, label }: { report: ZReportTakings; expectedCents: number; label: string }) {
  return (
    <div className="drawer-report">
      <DrawerLinesTable report={report} className="table drawer-lines" label={label} expectedCents={expectedCents} />
      <MethodTotalsTable report={report} className="table drawer-methods" label="Totals by payment method" />
    </div>
  );
}
