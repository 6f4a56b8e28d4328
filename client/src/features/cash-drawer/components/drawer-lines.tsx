import { formatMoney } from '../../../../../shared/domain/money';
import type { ZReportTakings } from '../../../../../shared/schemas/drawer';

/** The lines of an X or Z report, in the order the drawer's arithmetic adds them up (shared/domain/cash-drawer.ts). */
export function drawerLines({ takings }: ZReportTakings): [label: string, cents: number][] {
  return [
    ['Float', takings.floatCents],
    ['Cash sales', takings.cashSalesCents],
    ['Cash payments on invoices', takings.cashPaymentsCents],
    ['Pay in', takings.payInsCents],
    ['Cash refunds', -takings.cashRefundsCents],
    ['Cash expenses', -takings.cashExpensesCents],
    ['Pay out', -takings.payOutsCents],
  ];
}

/** What the drawer should hold, line by line, and every method's total (cash and the rest), on screen. */
export function DrawerLines({ report, expectedCents, label }: { report: ZReportTakings; expectedCents: number; label: string }) {
  return (
    <div className="drawer-report">
      <table className="table drawer-lines" aria-label={label}>
        <tbody>
          {drawerLines(report).map(([name, cents]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className="num">{formatMoney(cents)}</td>
            </tr>
          ))}
          <tr className="drawer-expected">
            <th scope="row">Expected in the drawer</th>
            <td className="num" data-testid="drawer-expected">
              {formatMoney(expectedCents)}
            </td>
          </tr>
        </tbody>
      </table>
      <table className="table drawer-methods" aria-label="Totals by payment method">
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
    </div>
  );
}
