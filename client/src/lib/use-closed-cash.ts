import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import { drawerRecordsOnDevice } from '../sync/mutators/drawer';
import { takenWhileClosed } from '@shared/mutations/drawer';

/** Later than any record: the session the register opens next. */
const next = '9999-12-31T23:59:59.999Z';

/**
 * The cash this register has taken since its drawer was last closed (or ever, before its first
 * session), which the session it opens next counts as taken while closed (issue 47); null while its
 * drawer is open, undefined while loading.
 */
export function useClosedCash(): { cents: number; payments: number } | null | undefined {
  return useLiveQuery(async () => {
    const register = (await db.syncState.get('deviceCode'))?.value ?? '';
    if (!register) return null;
    const upcoming = { id: '', register, createdAt: next };
    const records = await drawerRecordsOnDevice({ db }, upcoming, next);
    if (records.closedSince === null) return null;
    const cash = takenWhileClosed(upcoming, records).filter((payment) => payment.method === 'Cash');
    return { cents: cash.reduce((sum, payment) => sum + payment.amountCents, 0), payments: cash.length };
  }, []);
}
