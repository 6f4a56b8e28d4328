import { useEffect } from 'react';
import { db } from '../db/instance';
import { ensureDeviceCode } from '../sync/invoice-numbers';
import { refreshMechanics } from '../features/job-cards/api/use-mechanics';

/**
 * What a device keeps from the server for offline work, fetched once the shell shows and again
 * whenever the connection returns: its invoice code (for invoice numbers) and the mechanics list.
 */
export function useDeviceSetup(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      void ensureDeviceCode(db);
      void refreshMechanics();
    };
    refresh();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [enabled]);
}
