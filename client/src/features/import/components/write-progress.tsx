import { timeLeftText, writeRate } from '../api/write-rate';

interface Props {
  rowsDone: number;
  rowsTotal: number;
  elapsedMs: number;
  stopping: boolean;
  onStop: () => void;
}

/** Writing (issue 43, point 5): rows done, rows a second and the time left; Stop keeps what was written. */
export function WriteProgress({ rowsDone, rowsTotal, elapsedMs, stopping, onStop }: Props) {
  const { perSecond, secondsLeft } = writeRate(rowsDone, rowsTotal, elapsedMs);
  return (
    <div className="panel import-progress">
      <h2 className="panel-title">Importing…</h2>
      <progress max={rowsTotal || 1} value={rowsDone} aria-label="Rows imported" />
      <p data-testid="import-progress">
        {rowsDone} of {rowsTotal} rows · {perSecond} rows a second · time left: {timeLeftText(secondsLeft)}
      </p>
      <p className="muted">This works offline too; what is written reaches the server when this device syncs.</p>
      <button type="button" className="btn btn-secondary" disabled={stopping} onClick={onStop}>
        {stopping ? 'Stopping…' : 'Stop'}
      </button>
    </div>
  );
}
