import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { meta } from '../db/schema';

/**
 * Whether strangers may register an account on the login page (issue 24, point 4). Open until an
 * Admin closes it on User Management; the first account of a new server is always allowed (it is
 * guarded by the setup code: first-account.ts). Kept in `meta`: it belongs to the server, not to a
 * device, and is not synced.
 */
const key = 'selfRegistration';

export const selfRegistrationMessages = {
  closed: 'Self-registration is turned off. Ask an administrator for an account.',
  opened: 'New users can register themselves again; an Admin activates each account.',
  turnedOff: 'Self-registration is turned off: only an Admin adds accounts.',
};

export async function isSelfRegistrationOpen(db: Db): Promise<boolean> {
  return (await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key)).get())?.value !== 'closed';
}

export async function setSelfRegistration(db: Db, open: boolean): Promise<void> {
  const value = open ? 'open' : 'closed';
  await db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
}
