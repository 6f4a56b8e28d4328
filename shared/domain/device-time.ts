/**
 * When something happened on a device, in the server's time (issue 23, "When it happened").
 *
 * A device's clock may be wrong. At every sync exchange it measures how far the server's clock is
 * from its own (`clockOffsetMs`, server minus device) and sends that with each change it made. The
 * server adds it to the device's own reading of the moment (`createdAt`) and gets the time the work
 * was done, however long the device then stayed offline. A moment cannot come after the server
 * received it: a corrected time up to `clockToleranceMs` ahead is the measuring's own noise and is
 * set to the arrival; further ahead, the device's clock was wrong (changed while offline): the time
 * is set to the arrival too, and the row says by how much it was ahead (flagged on screen).
 *
 * Nor can a moment come before the earliest believable time (issue 42): before the server first met
 * the device (its `devices` row), or further back than the date window reaches from the arrival
 * (date-window.ts; a register stays offline days, not a year). Such a time (1970, a clock set back
 * while offline) is set to that floor and flagged the same way, as a negative `clockAheadMs`: how
 * far behind the device's clock was. A negative value in the existing column, rather than a new
 * one, so that no synced table changes shape. No reading throws: a time beyond what a Date holds
 * is bounded like any other, and an unreadable one is taken as the arrival.
 */
import { dateWindow } from './date-window';

/** The header every API answer carries: the server's clock (ms since 1970) as the answer left. */
export const serverTimeHeader = 'x-server-time';

export const clockToleranceMs = 2 * 60_000;

/** The largest offset a device may send: a clock more than ten years off is not a clock. */
export const maxClockOffsetMs = 10 * 366 * 24 * 3600_000;

/**
 * What a fact row (a status move, a sale, a payment, a stock movement) carries beside the time it
 * happened: when the server received it ('' until then, on the device that made it), and how far
 * ahead the device's clock was when its time had to be set to the arrival (0 when not), or, negative,
 * how far behind it was when its time had to be set to the earliest believable time.
 */
export interface FactTimes {
  receivedAt: string;
  clockAheadMs: number;
}

/** A fact not yet received by the server: what the device that made it stores. */
export const notYetReceived: FactTimes = { receivedAt: '', clockAheadMs: 0 };

/** When a fact happened and the times it carries beside it, as each side's apply knows them. */
export interface Occurred extends FactTimes {
  at: string;
  /**
   * The register it happened at: the device's code (its invoice numbers' middle part), so a cash-up
   * counts its own drawer's money (issue 27). '' over REST, or on a device that has no code yet.
   */
  register?: string;
}

/** The arrival fields of a fact row. */
export const factTimesOf = ({ receivedAt, clockAheadMs }: Occurred): FactTimes => ({ receivedAt, clockAheadMs });

export interface HappenedAt {
  /** ISO time it happened, in the server's clock. */
  at: string;
  /**
   * Beyond the tolerance: how far ahead of its arrival the device's corrected time was, or, negative,
   * how far before the earliest believable time; 0 when neither. At most a safe integer either way.
   */
  clockAheadMs: number;
}

const dayMs = 24 * 3600_000;

/** The earliest time a device's fact is believed to have happened: not before the server met the device, nor before the date window. */
export function earliestBelievable(receivedAtMs: number, firstMetMs?: number): number {
  const windowStart = receivedAtMs - dateWindow.daysBack * dayMs;
  const met = firstMetMs !== undefined && Number.isFinite(firstMetMs) ? Math.min(firstMetMs, receivedAtMs) : -Infinity;
  return Math.max(windowStart, met);
}

/** A flag's size beyond the tolerance, as a safe integer (a time beyond what a Date holds stays storable). */
const flagOf = (ms: number) => (ms > clockToleranceMs ? Math.min(Math.round(ms), Number.MAX_SAFE_INTEGER) : 0);

/**
 * When a device's fact happened: its time `deviceTime` corrected by `clockOffsetMs`, bounded by the
 * arrival and by the earliest believable time (`firstMetMs`: when this server first met the device,
 * if it has).
 */
export function happenedAt(deviceTime: string, clockOffsetMs: number, receivedAtMs: number, firstMetMs?: number): HappenedAt {
  const device = Date.parse(deviceTime);
  const corrected = Number.isFinite(device) ? device + (Number.isFinite(clockOffsetMs) ? clockOffsetMs : 0) : receivedAtMs;
  if (corrected > receivedAtMs) return { at: new Date(receivedAtMs).toISOString(), clockAheadMs: flagOf(corrected - receivedAtMs) };
  const floor = earliestBelievable(receivedAtMs, firstMetMs);
  if (corrected < floor) return { at: new Date(floor).toISOString(), clockAheadMs: -flagOf(floor - corrected) || 0 };
  return { at: new Date(corrected).toISOString(), clockAheadMs: 0 };
}

/**
 * The offset one exchange shows (server minus device), read at the exchange's middle: the server
 * stamped its answer somewhere between the request leaving and the answer arriving.
 */
export function clockOffsetOf(sentAtMs: number, receivedAtMs: number, serverTimeMs: number): number {
  return Math.round(serverTimeMs - (sentAtMs + receivedAtMs) / 2);
}
