import { db } from '@/db/instance';
import { drawerRecordsOnDevice } from '@/sync/mutators/drawer';
import { zReportOf } from '@shared/mutations/drawer';
import type { DrawerSessionRow, ZReportTakings } from '@shared/schemas/drawer';

/** Later than any record: the X report counts everything of the session so far, and stays live as records arrive. */
const untilNow = '9999-12-31T23:59:59.999Z';

export type XReport = ZReportTakings & { expectedCents: number };

/** An open session's X report from this device's records: what the drawer should hold now, by line and by method. */
export async function xReportOf(session: DrawerSessionRow): Promise<XReport> {
  return zReportOf(session, await drawerRecordsOnDevice({ db }, session, untilNow), untilNow);
}
