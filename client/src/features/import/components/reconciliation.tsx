import { formatMoney } from '@shared/domain/money';
import type { Applied } from '../worker/protocol';

const lines: { key: keyof Applied['shop']; label: string; money?: boolean }[] = [
  { key: 'customers', label: 'Customers' },
  { key: 'vehicles', label: 'Vehicles' },
  { key: 'items', label: 'Items' },
  { key: 'stockValueCents', label: 'Stock value at cost', money: true },
  { key: 'services', label: 'Services' },
  { key: 'dueCents', label: 'Total still due', money: true },
];

/** After an import (issue 43, point 6): the file's totals beside the shop's, for the figures the file holds. */
export function Reconciliation({ applied }: { applied: Applied }) {
  const shown = lines.filter((line) => applied.file[line.key] !== undefined);
  const text = (value: number | undefined, money?: boolean) => (value === undefined ? '' : money ? formatMoney(value) : String(value));
  return (
    <div className="panel import-reconciliation">
      <h2 className="panel-title">{applied.stopped ? 'Import stopped' : 'Import finished'}</h2>
      <p>
        {applied.written} {applied.written === 1 ? 'change' : 'changes'} written on this device; they reach the server when it syncs.
        {applied.stopped && ' Import the same file again to finish: what was written is found and left as it is.'}
      </p>
      {applied.failed.length > 0 && (
        <ul className="problem-list">
          {applied.failed.map((problem) => (
            <li key={problem.row}>
              Row {problem.row}: {problem.message}
            </li>
          ))}
        </ul>
      )}
      <table className="table">
        <thead>
          <tr>
            <th>Reconciliation</th>
            <th>In the file</th>
            <th>In the shop now</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((line) => (
            <tr key={line.key}>
              <th scope="row">{line.label}</th>
              <td>{text(applied.file[line.key], line.money)}</td>
              <td>{text(applied.shop[line.key], line.money)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">The shop's figures include what it held before this file.</p>
    </div>
  );
}
