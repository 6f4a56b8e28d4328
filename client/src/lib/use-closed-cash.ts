import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';
import { drawerRecordsOnDevice } from '../sync/mutators/drawer';
import { takenWhileClosed } from '@shared/mutations/drawer';

/** Later than any record: the session the register opens next. */
const next = '9999-12-31T23:59:59.999Z';

/** Cash a register has taken with its drawer closed, which no session counts yet. */
export interface ClosedCash {
  register: string;
  cents: number;
  payments: number;
  /** Its last close; '' when it never opened its drawer. */
  since: string;
}

/**
 * The cash `register` has taken since its drawer was last closed (or ever, before its first session),
 * which the session it opens next counts as taken while closed (issue 47); null while its drawer is
 * open, as this device holds its records.
 */
async function closedCashOf(register: string): Promise<ClosedCash | null> {
  const upcoming = { id: '', register, createdAt: next };
  const records = await drawerRecordsOnDevice({ db }, upcoming, next);
  if (records.closedSince === null) return null;
  const cash = takenWhileClosed(upcoming, records).filter((payment) => payment.method === 'Cash');
  return { register, cents: cash.reduce((sum, payment) => sum + payment.amountCents, 0), payments: cash.length, since: records.closedSince };
}

/** This register's cash taken with the drawer closed; null while its drawer is open or it has no code, undefined while loading. */
export function useClosedCash(): ClosedCash | null | undefined {
  return useLiveQuery(async () => {
    const register = (await db.syncState.get('deviceCode'))?.value ?? '';
    return register ? closedCashOf(register) : null;
  }, []);
}

/** At most this many registers are looked at: a shop has a handful. */
const maxRegisters = 100;

/** The registers that took payments on this device's data: one indexed read each, skipping from one register to the next. */
async function registersWithPayments(): Promise<string[]> {
  const codes: string[] = [];
  let after = '';
  while (codes.length < maxRegisters) {
    // Past every time of `after` (ISO times sort below '\uffff'); '' (REST, no register) is skipped first.
    const found = await db.payments.where('[register+createdAt]').above([after, '\uffff']).first();
    if (!found) break;
    codes.push(found.register);
    after = found.register;
  }
  return codes;
}

/**
 * Every register's cash taken with its drawer closed and not counted by any session yet (issue 47:
 * the tablet, its drawer never opened, held Rs. 6,465 no report showed): for a Manager's Cash Drawer
 * screen. undefined while loading.
 */
export function useClosedCashOfRegisters(enabled: boolean): ClosedCash[] | undefined {
  return useLiveQuery(async () => {
    if (!enabled) return [];
    const found = await Promise.all((await registersWithPayments()).map(closedCashOf));
    return found.filter((row): row is ClosedCash => row !== null && row.payments > 0);
  }, [enabled]);
}
