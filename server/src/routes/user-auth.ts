import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { and, count, eq, gte } from 'drizzle-orm';
import { RegistrationThrottle } from '../auth/registration-throttle';
import type { AppDeps, AppEnv } from '../http/context';
import { HttpError, parseOrThrow, readJson } from '../http/errors';
import { users } from '../db/schema';
import { inTransaction } from '../db/prepared';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { assertMayCreateFirstAccount } from '../auth/first-account';
import { isSelfRegistrationOpen, selfRegistrationMessages } from '../auth/self-registration';
import { issueToken, revokeToken, tokenFromHeaders } from '../auth/tokens';
import { loginSchema, registerSchema } from '@shared/schemas/user';
import { newRecordId } from '@shared/sync/record-id';
import { authorSigningKey } from '../sync/signing-keys';
import { warmSearchIndexes } from '../sync/search-index';
import { clientAddressOf, trustedProxyList } from '../http/client-address';

let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= hashPassword('not-a-real-password'));

function socketAddress(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local'; // app.request() in tests has no socket
  }
}

/**
 * Accounts registered within the last 30 days and not yet activated. Past `maxPendingAccounts` a
 * registration is refused (issue 24, point 4): a flood of sign-ups cannot bury the Staff list.
 * Deactivated staff of long ago do not count.
 */
export const maxPendingAccounts = 50;
async function pendingAccounts(db: AppDeps['db']): Promise<number> {
  const since = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
  return (
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.status, false), gte(users.createdAt, since)))
        .get()
    )?.n ?? 0
  );
}

/** Register, login and logout: the routes reachable without a token (logout needs one). */
export function userAuthRoutes(deps: AppDeps) {
  const { db, throttle } = deps;
  const app = new Hono<AppEnv>();
  const registrations = new RegistrationThrottle();
  const trustedProxies = trustedProxyList(deps.config.TRUSTED_PROXY);
  const clientAddress = (c: Parameters<typeof getConnInfo>[0]) => clientAddressOf(socketAddress(c), c.req.header('x-forwarded-for'), trustedProxies);

  app.post('/register', async (c) => {
    const body = await readJson(c);
    const input = parseOrThrow(registerSchema, body);
    // Closed by an Admin: refused before any throttling or hashing. A server without accounts still
    // takes its first (with the setup code): someone must be able to become the Admin.
    if (!(await isSelfRegistrationOpen(db)) && ((await db.select({ n: count() }).from(users).get())?.n ?? 0) > 0) {
      throw new HttpError(403, selfRegistrationMessages.closed);
    }
    // Throttled and capped before any hashing (issue 24, point 4).
    const admitted = registrations.admit(clientAddress(c));
    let passwordHash: string;
    try {
      if ((await pendingAccounts(db)) >= maxPendingAccounts) {
        throw new HttpError(429, 'Too many accounts are waiting for an administrator to activate them. Ask an administrator.');
      }
      passwordHash = await hashPassword(input.password);
    } finally {
      admitted.release();
    }
    const now = new Date().toISOString();
    // Count and insert in one transaction so two first registrations cannot both become Admin.
    const isFirst = await inTransaction(db, async (tx) => {
      // An email already registered answers as a new one does (and adds nothing): the answer must not
      // tell a stranger who has an account here. Its owner logs in, or asks an administrator.
      if (await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get()) return false;
      const first = ((await tx.select({ n: count() }).from(users).get())?.n ?? 0) === 0;
      if (first) assertMayCreateFirstAccount(clientAddress(c), (body as { setupCode?: unknown } | null)?.setupCode, deps.setupCode);
      await tx
        .insert(users)
        .values({
          id: newRecordId(),
          name: input.name,
          email: input.email,
          username: input.email.split('@')[0] ?? '',
          role: first ? 'Admin' : 'Staff',
          status: first,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .run();
      return first;
    });
    const message = isFirst ? 'Account created. You are the administrator; please log in.' : 'Account created. An administrator must activate it before you can log in.';
    return c.json({ success: true, message }, 201);
  });

  app.post('/login', async (c) => {
    const input = parseOrThrow(loginSchema, await readJson(c));
    const address = clientAddress(c);
    const wait = throttle.waitFor(input.email, address);
    if (wait > 0) {
      throw new HttpError(429, `Too many failed login attempts. Try again in ${Math.ceil(wait / 60_000)} minute(s).`);
    }
    const user = await db.select().from(users).where(eq(users.email, input.email)).get();
    // A login may be a new device's, whose lists ask the server while it downloads: the catalogue's
    // and the customers' words are read now, while the password's hash is worked out off this thread,
    // not at its first pull page, when its screens' first searches waited 0.6 to 1 s for them (issue 47).
    // Once read they are kept, so a login costs this at most once in a while. Read for any email,
    // known or not: work done only for real accounts would tell which emails are ones.
    warmSearchIndexes(db);
    // An unknown email costs the same hash as a known one, so timing does not reveal accounts.
    const matches = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !matches) {
      throttle.recordFailure(input.email, address);
      throw new HttpError(401, 'Invalid email or password.');
    }
    throttle.recordSuccess(input.email, address);
    if (!user.status) throw new HttpError(403, 'Your account is not active yet. Ask an administrator.');
    // A hash made at an older, lower cost is made again at today's, now that the password is known.
    if (needsRehash(user.passwordHash))
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(input.password) })
        .where(eq(users.id, user.id))
        .run();
    const token = await issueToken(db, user.id, deps.config.TOKEN_TTL_HOURS);
    const { id, name, email, role, status } = user;
    // The key this user signs their changes with on the device (sync/signing-keys.ts).
    return c.json({ success: true, message: 'Login successful.', token, user: { _id: id, name, email, role, status }, signingKey: await authorSigningKey(db, id) });
  });

  return app;
}

export function logoutRoute(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/logout', async (c) => {
    const token = tokenFromHeaders((name) => c.req.header(name));
    if (token) await revokeToken(deps.db, token);
    return c.json({ success: true, message: 'Logged out.' });
  });
  return app;
}
