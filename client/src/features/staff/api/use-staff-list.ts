import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '@/session/api-client';
import type { StaffMember } from '@shared/schemas/staff';

export type StaffList = { status: 'loading' } | { status: 'offline' } | { status: 'error'; message: string } | { status: 'ready'; users: StaffMember[] };

/**
 * Staff accounts live only on the server (they never enter Dexie or the outbox), so this screen
 * reads them over the network and says so plainly when there is none.
 */
export function useStaffList(): { list: StaffList; reload: () => void } {
  const [list, setList] = useState<StaffList>({ status: 'loading' });
  const [online, setOnline] = useState(() => navigator.onLine);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  // Failed reads since the last answer: the next automatic try waits longer each time.
  const failures = useRef(0);

  useEffect(() => {
    if (!online) {
      setList({ status: 'offline' });
      return;
    }
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A reload keeps the table on screen instead of flashing 'Loading...'.
    setList((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    apiRequest<{ users: StaffMember[] }>('GET', '/api/user')
      .then((data) => {
        if (!current) return;
        failures.current = 0;
        setList({ status: 'ready', users: data.users });
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (!(error instanceof ApiError && error.status === 0)) {
          setList({ status: 'error', message: error instanceof Error ? error.message : String(error) });
          return;
        }
        setList({ status: 'offline' });
        // The device says it is online but the server did not answer: Wi-Fi just back (the 'online'
        // event can come before requests get through) or the shop PC restarting. Tried again by
        // itself, 1.5 s, 3 s, 6 s... up to a minute apart, as well as with 'Try again'.
        const wait = Math.min(1500 * 2 ** failures.current, 60_000);
        failures.current += 1;
        retry = setTimeout(() => setAttempt((n) => n + 1), wait);
      });
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [online, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { list, reload };
}
