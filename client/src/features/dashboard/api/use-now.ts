import { useEffect, useState } from 'react';

/**
 * The time the dashboard's figures are computed for, moved on every minute: 'today' and 'the same
 * day last week' follow the clock (midnight, the comparison's end) even when no data changes.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
