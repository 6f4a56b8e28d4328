import { formatMoney } from '@shared/domain/money';
import { formatDateTime } from '@/lib/format-date';
import type { SalesOverview } from '../api/read-sales-overview';

const width = 420;
const height = 160;
const axis = 22;

/** 'Overall sales' (spec 2.5): net sales (invoiced less returns) of the last 7 months as bars, with the headline and change. */
export function SalesChart({ overview }: { overview: SalesOverview | undefined }) {
  const months = overview?.months ?? [];
  const highest = Math.max(1, ...months.map((month) => month.totalCents));
  const slot = width / Math.max(1, months.length);
  return (
    <section className="panel sales-chart" aria-label="Overall sales">
      <div className="panel-head">
        <h2>Overall sales</h2>
        <span className="muted">Last 7 month</span>
      </div>
      <p className="sales-headline">
        <strong className="sales-total" title="Invoiced, less returns">
          {formatMoney(overview?.totalCents ?? 0)}
        </strong>{' '}
        {overview?.change && <span className={`sales-change ${overview.change.startsWith('-') ? 'down' : 'up'}`}>{overview.change}</span>}
      </p>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Invoiced totals less returns of the last 7 months" className="sales-bars">
        {months.map((month, index) => {
          const barHeight = Math.round(((height - axis - 8) * month.totalCents) / highest);
          const x = index * slot + slot * 0.2;
          return (
            <g key={month.key} data-month={month.key}>
              <title>{`${month.label}: ${formatMoney(month.totalCents)}`}</title>
              <rect x={x} y={height - axis - barHeight} width={slot * 0.6} height={barHeight} rx={3} className="sales-bar" />
              <text x={x + slot * 0.3} y={height - 6} textAnchor="middle" className="sales-label">
                {month.label}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="last-sale">
        <span className="muted">Last sale</span>{' '}
        {overview?.lastSale ? (
          <>
            <span className="last-sale-time">{formatDateTime(overview.lastSale.date)}</span> · <strong>{formatMoney(overview.lastSale.totalCents)}</strong>
          </>
        ) : (
          <span className="muted">No sales yet</span>
        )}
      </p>
    </section>
  );
}
