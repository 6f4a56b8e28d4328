/** Rows a second so far, and the seconds left at that rate (null until there is a rate to go by). */
export function writeRate(rowsDone: number, rowsTotal: number, elapsedMs: number): { perSecond: number; secondsLeft: number | null } {
  if (elapsedMs <= 0 || rowsDone <= 0) return { perSecond: 0, secondsLeft: null };
  const perSecond = Math.round((rowsDone / elapsedMs) * 1000);
  return { perSecond, secondsLeft: Math.ceil(((rowsTotal - rowsDone) / rowsDone) * (elapsedMs / 1000)) };
}

export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'estimating…';
  if (seconds <= 0) return 'a moment';
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
