import { useEffect, useState } from 'react';

/**
 * Reads that can wait for the app's start to settle: the bell's and the dashboard's month's result.
 * At a reload they asked IndexedDB for thousands of rows in the first second, and a search typed at
 * once, the screen's own figures and the search's index loads waited behind them (issue 28). They
 * start at the first idle moment a second after the page loaded; later screens get them at once.
 */
const settleMs = 1000;
let settled = false;
const waiting = new Set<() => void>();

function settle(): void {
  settled = true;
  for (const done of waiting) done();
  waiting.clear();
}

if (typeof window !== 'undefined') {
  const idle = (run: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0));
  setTimeout(() => idle(settle), Math.max(0, settleMs - performance.now()));
} else {
  settled = true;
}

/** False until the app's start has settled (see above), then true for the life of the page. */
export function useAfterStart(): boolean {
  const [now, setNow] = useState(settled);
  useEffect(() => {
    if (now) return;
    const done = () => setNow(true);
    if (settled) done();
    else waiting.add(done);
    return () => void waiting.delete(done);
  }, [now]);
  return now;
}
