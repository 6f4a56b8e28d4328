import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';
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

  useEffect(() => {
    if (!online) {
      setList({ status: 'offline' });
      return;
    }
    let current = true;
    // A reload keeps the table on screen instead of flashing 'Loading...'.
    setList((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    apiRequest<{ users: StaffMember[] }>('GET', '/api/user')
      .then((data) => current && setList({ status: 'ready', users: data.users }))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 0) setList({ status: 'offline' });
        else setList({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
  }, [online, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { list, reload };
}
