import type { FactTimes } from '@shared/domain/device-time';
import { formatDateTime } from '../lib/format-date';

// Received this much later than it happened: worth saying (a device that was offline a while).
const notableDelayMs = 5 * 60_000;

/**
 * When a fact happened (a status move, a sale, a payment), and beside it when the server received
 * it when that was notably later (the device was offline), or that the device's clock was ahead
 * (the time shown is the arrival) or behind (the time shown is the earliest the server believes:
 * a negative `clockAheadMs`, shared/domain/device-time.ts).
 */
export function FactTime({ at, fact }: { at: string; fact: Partial<FactTimes> }) {
  const received = fact.receivedAt ? Date.parse(fact.receivedAt) : NaN;
  const late = Number.isFinite(received) && received - Date.parse(at) > notableDelayMs;
  const clock = fact.clockAheadMs ?? 0;
  return (
    <>
      {formatDateTime(at)}
      {clock > 0 ? (
        <span className="fact-time-note warning-text" title="The device's clock was ahead; the time shown is when the server received it.">
          {' '}
          (device clock was ahead)
        </span>
      ) : clock < 0 ? (
        <span className="fact-time-note warning-text" title="The device's clock was behind; the time shown is the earliest the server believes it happened.">
          {' '}
          (device clock was behind)
        </span>
      ) : late ? (
        <span className="fact-time-note muted"> · synced {formatDateTime(fact.receivedAt!)}</span>
      ) : null}
    </>
  );
}
