import { periods, wholePercent, type Period } from '@shared/domain/dashboard';
import type { JobStats } from '../api/read-job-stats';

const segments = [
  { key: 'finished', label: 'Finished', colour: '#2563eb' },
  { key: 'suspended', label: 'Suspended', colour: '#f59e0b' },
  { key: 'open', label: 'Open', colour: '#9ca3af' },
] as const;

const radius = 60;
const circumference = 2 * Math.PI * radius;

interface Props {
  stats: JobStats | null | undefined;
  period: Period;
  onPeriod: (period: Period) => void;
}

/** 'Job Status' (spec 2.5): Finished blue, Suspended amber, Open grey; a grey ring when there are none. */
export function JobStatusDonut({ stats, period, onPeriod }: Props) {
  let offset = 0;
  return (
    <section className="panel job-status" aria-label="Job Status">
      <div className="panel-head">
        <h2>Job Status</h2>
        <select aria-label="Job status period" value={period} onChange={(event) => onPeriod(event.target.value as Period)}>
          {periods.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {stats === null ? (
        <p className="form-error">Failed to load stats</p>
      ) : (
        <div className="donut-body">
          <svg viewBox="0 0 160 160" className="donut" role="img" aria-label={stats ? `${stats.total} jobs` : 'Loading...'} data-period={stats?.period}>
            <circle cx="80" cy="80" r={radius} className="donut-empty" />
            {stats &&
              stats.total > 0 &&
              segments.map((segment) => {
                const length = (circumference * stats[segment.key]) / stats.total;
                const arc = (
                  <circle
                    key={segment.key}
                    cx="80"
                    cy="80"
                    r={radius}
                    fill="none"
                    stroke={segment.colour}
                    strokeWidth="22"
                    strokeDasharray={`${length} ${circumference - length}`}
                    strokeDashoffset={-offset}
                    transform="rotate(-90 80 80)"
                  />
                );
                offset += length;
                return arc;
              })}
            <text x="80" y="86" textAnchor="middle" className="donut-total">
              {stats ? stats.total : ''}
            </text>
          </svg>
          <ul className="donut-legend">
            {segments.map((segment) => (
              <li key={segment.key} className={`legend-${segment.key}`}>
                <span className="legend-swatch" style={{ background: segment.colour }} aria-hidden="true" />
                {segment.label} <strong className="legend-count">{stats ? stats[segment.key] : '–'}</strong>{' '}
                <span className="legend-percent">{stats ? `${wholePercent(stats[segment.key], stats.total)}%` : ''}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
