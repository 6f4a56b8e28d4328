import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { nextZReportNo } from '@/sync/invoice-numbers';
import { fromCents } from '@shared/domain/money';
import type { DrawerCount } from '@shared/domain/cash-drawer';

/**
 * Closes the session with the blind count: the Z report takes this register's next number, final at
 * once. `expectedCents` is what the cashier was shown after counting: the device refuses the close if
 * the drawer's records moved since (a sale in between), so the printed Z report says what was compared.
 */
export async function closeDrawer(sessionId: string, count: DrawerCount, expectedCents: number, differenceReason: string): Promise<string> {
  const zNumber = await nextZReportNo(db);
  await mutate('closeDrawer', { sessionId, zNumber, count, expected: fromCents(expectedCents), differenceReason });
  return zNumber;
}
