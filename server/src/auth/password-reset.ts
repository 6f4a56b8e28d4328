import { randomInt } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { meta, tokens, users } from '../db/schema';
import { inTransaction } from '../db/prepared';
import { emailSchema } from '@shared/schemas/common';
import { passwordSchema } from '@shared/schemas/user';
import { hashPassword } from './passwords';
import type { LoginThrottle } from './login-throttle';

/**
 * `npm run reset-password` (issue 47): a shop whose only Admin forgot the password has no one to
 * reset it in User Management, so the shop PC itself may, with the database file in reach. It sets
 * the password, ends the account's sessions and leaves a notice in the `meta` table, which the
 * running server (or the next one to start) prints in its log: the command may run while the server
 * does (SQLite in WAL mode takes a second writer), and the server's window is where the shop looks.
 */
export interface PasswordReset {
  userId: string;
  name: string;
  email: string;
  at: string;
}

// Notices are meta rows under this prefix, one a reset; ';' is the character after ':', which
// bounds the key range.
const prefix = 'passwordReset:';

// No 0/O or 1/I/L: the password is read off the PC's screen and typed on a tablet.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 12 characters, about 59 bits, as XXXX-XXXX-XXXX: to be changed in User Management once in. */
export function newPassword(): string {
  const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]);
  return [0, 4, 8].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** Sets the password of the account with this email (a new one when none is given); throws a message for the shop. */
export async function resetPassword(db: Db, email: string, given?: string): Promise<{ user: PasswordReset & { active: boolean }; password: string }> {
  const address = emailSchema.safeParse(email);
  if (!address.success) throw new Error(address.error.issues[0]!.message);
  const password = passwordSchema.safeParse(given ?? newPassword());
  if (!password.success) throw new Error(password.error.issues[0]!.message);
  const found = await db.select().from(users).where(eq(users.email, address.data)).get();
  if (!found) throw new Error(`No account has the email ${address.data}.`);
  const passwordHash = await hashPassword(password.data);
  const at = new Date().toISOString();
  const notice: PasswordReset = { userId: found.id, name: found.name, email: found.email, at };
  await inTransaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, found.id)).run();
    // A password that may have leaked ends every session the account had, as an Admin's reset does.
    await tx.update(tokens).set({ revokedAt: at }).where(eq(tokens.userId, found.id)).run();
    await tx
      .insert(meta)
      .values({ key: `${prefix}${at}:${found.id}`, value: JSON.stringify(notice) })
      .run();
  });
  return { user: { ...notice, active: found.status }, password: password.data };
}

/** The notices left since the last look, oldest first, and removes them (each is logged once). */
export async function takePasswordResets(db: Db): Promise<PasswordReset[]> {
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select()
      .from(meta)
      .where(and(gte(meta.key, prefix), lt(meta.key, 'passwordReset;')))
      .orderBy(meta.key)
      .all();
    for (const row of rows) await tx.delete(meta).where(eq(meta.key, row.key)).run();
    return rows.map((row) => JSON.parse(row.value) as PasswordReset);
  });
}

/**
 * Logs the resets at once and then every `everyMs` while the server runs, and forgets the failed
 * logins of each reset account, so its owner is not held for the guesses that led to the reset.
 * Answers the function that stops watching. A read of a few meta rows every 5 s costs nothing.
 */
export async function watchPasswordResets(
  db: Db,
  { throttle, log = console.log, everyMs = 5_000 }: { throttle: LoginThrottle; log?: (line: string) => void; everyMs?: number },
): Promise<() => void> {
  const look = async () => {
    try {
      for (const reset of await takePasswordResets(db)) {
        throttle.forgetAccount(reset.email);
        log(`Password of ${reset.name} <${reset.email}> reset on this PC (npm run reset-password) at ${reset.at}; the account's sessions were ended.`);
      }
    } catch (error) {
      console.error('reading the password resets failed', error);
    }
  };
  await look();
  // `look` catches its own failures: nothing is left to reject.
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
