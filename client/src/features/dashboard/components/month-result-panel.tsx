import { formatMoney } from '@shared/domain/money';
import type { MonthResult } from '@shared/domain/month-result';

// 'December 2026', written out: the first Intl date format a page makes loads the browser's date
// data, 15 ms or more of a slow phone's dashboard start (issue 25).
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (now: Date) => `${months[now.getMonth()]} ${now.getFullYear()}`;

/**
 * This month's result (issue 27), for Managers and Admins: the sum laid out line by line, so the figure
 * can be followed (shared/domain/month-result.ts says what each line holds).
 */
export function MonthResultPanel({ result, now }: { result: MonthResult | undefined; now: Date }) {
  const lines = result
    ? [
        { key: 'sales', label: 'Sales (before tax)', cents: result.salesCents },
        { key: 'returns', label: 'Less returns', cents: -result.returnsCents },
        { key: 'parts', label: 'Less cost of parts sold', cents: -result.partsCostCents },
        { key: 'expenses', label: 'Less expenses', cents: -result.expensesCents },
      ]
    : [];
  return (
    <section className="panel month-result" aria-label="Month's Result" aria-busy={result ? undefined : true}>
      <div className="panel-head">
        <h2>Month's Result</h2>
        <span className="muted">{monthName(now)} to date</span>
      </div>
      {result ? (
        <dl className="month-result-lines">
          {lines.map((line) => (
            <div key={line.key} className={`month-result-${line.key}`}>
              <dt>{line.label}</dt>
              <dd>{formatMoney(line.cents)}</dd>
            </div>
          ))}
          <div className={`month-result-total ${result.resultCents < 0 ? 'down' : 'up'}`}>
            <dt>Result</dt>
            <dd data-testid="month-result">{formatMoney(result.resultCents)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">Calculating...</p>
      )}
      {result && result.partsWithoutCost > 0 && (
        <p className="muted month-result-note">
          {result.partsWithoutCost} {result.partsWithoutCost === 1 ? 'part line has' : 'part lines have'} no item on this device, counted at no cost.
        </p>
      )}
    </section>
  );
}
