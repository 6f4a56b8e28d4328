import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { HttpError, badRequest, conflict, notFound, parseOrThrow, readJson } from '../http/errors';
import { requirePermission } from '../auth/require-auth';
import { hashPassword } from '../auth/passwords';
import { revokeUserTokens, tokenFromHeaders } from '../auth/tokens';
import { applyMutation } from '../sync/apply-mutation';
import type { Db } from '../db/connection';
import { users } from '../db/schema';
import { staffToApi } from '../db/mappers';
import { isSelfRegistrationOpen, selfRegistrationMessages, setSelfRegistration } from '../auth/self-registration';
import { can, permissionTable } from '@shared/domain/permissions';
import { deleteStaffSchema, saveStaffSchema, staffMessages, updateStaffSchema } from '@shared/schemas/staff';
import { newRecordId } from '@shared/sync/record-id';

type UserRow = typeof users.$inferSelect;

const registrationSettingSchema = z.object({ open: z.boolean({ error: 'open must be true or false.' }) }).strict();

const usernameOf = (email: string) => email.split('@')[0] ?? '';

/** The Idempotency-Key header, or a fresh id: every staff write is applied exactly once. */
function mutationId(c: Context<AppEnv>): string {
  const key = c.req.header('Idempotency-Key')?.trim();
  if (key !== undefined && (key.length < 8 || key.length > 64)) throw badRequest('Idempotency-Key must be 8 to 64 characters.');
  return key || newRecordId();
}

async function assertEmailFree(db: Db, email: string, exceptId?: string): Promise<void> {
  const clash = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .get();
  if (clash) throw conflict(staffMessages.duplicateEmail);
}

/**
 * Refuses a change that would leave no active account able to manage staff (an Admin), checked
 * inside the write's transaction: nobody could then activate or fix an account again.
 */
async function assertAdminRemains(db: Db, target: UserRow, after: { role: UserRow['role']; status: boolean } | null): Promise<void> {
  const wasActiveAdmin = can(target.role, 'manageStaff') && target.status;
  const staysActiveAdmin = after !== null && can(after.role, 'manageStaff') && after.status;
  if (!wasActiveAdmin || staysActiveAdmin) return;
  const others = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.role, [...permissionTable.manageStaff]), eq(users.status, true), ne(users.id, target.id)))
    .get();
  if ((others?.n ?? 0) === 0) throw badRequest(staffMessages.lastAdmin);
}

async function findUser(db: Db, id: string): Promise<UserRow> {
  const user = await db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound(staffMessages.notFound);
  return user;
}

/**
 * Staff accounts (spec 7, Authentication and staff), Admin only. Passwords are hashed before the
 * transaction (hashing is slow and async); nothing here ever answers or records a password or its hash.
 */
export function staffRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  const adminOnly = requirePermission('manageStaff');

  /** Runs `execute` exactly once per mutation id; a refusal becomes the HTTP error it was. */
  // `execute` runs on the mutation's transaction handle: its statements are the transaction's.
  async function write(c: Context<AppEnv>, name: string, args: Record<string, unknown>, execute: (db: Db) => Promise<unknown>): Promise<unknown> {
    const outcome = await applyMutation(db, c.get('user'), { id: mutationId(c), name, args }, async (tx) => execute(tx.db));
    if (outcome.status === 'rejected') throw new HttpError(outcome.httpStatus as 400, outcome.message);
    return outcome.result;
  }

  // Whether strangers may register themselves on the login page (auth/self-registration.ts).
  app.get('/registration', adminOnly, async (c) => c.json({ success: true, open: await isSelfRegistrationOpen(db) }));

  app.put('/registration', adminOnly, async (c) => {
    const { open } = parseOrThrow(registrationSettingSchema, await readJson(c));
    await setSelfRegistration(db, open);
    return c.json({ success: true, open, message: open ? selfRegistrationMessages.opened : selfRegistrationMessages.turnedOff });
  });

  app.get('/', adminOnly, async (c) => {
    const rows = await db.select().from(users).orderBy(asc(users.name)).all();
    return c.json({ success: true, users: rows.map(staffToApi) });
  });

  // The job card's Mechanic dropdown (every role; devices cache it for offline use): active staff by name.
  app.get('/mechanics', requirePermission('operate'), async (c) => {
    const rows = await db
      .select({ _id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(eq(users.status, true))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .all();
    return c.json({ success: true, mechanics: rows });
  });

  app.post('/save-user', adminOnly, async (c) => {
    const { password, ...input } = parseOrThrow(saveStaffSchema, await readJson(c));
    const passwordHash = await hashPassword(password);
    const id = input.id || newRecordId();
    const user = await write(c, 'saveUser', { ...input, id }, async (db) => {
      if (await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get()) throw conflict(staffMessages.exists);
      await assertEmailFree(db, input.email);
      const now = new Date().toISOString();
      await db
        .insert(users)
        .values({ ...input, id, username: usernameOf(input.email), passwordHash, createdAt: now, updatedAt: now })
        .run();
      return staffToApi(await findUser(db, id));
    });
    return c.json({ success: true, message: staffMessages.saved, user }, 201);
  });

  app.post('/update-user', adminOnly, async (c) => {
    const { password, ...input } = parseOrThrow(updateStaffSchema, await readJson(c));
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const actor = c.get('user');
    const user = await write(c, 'updateUser', { ...input, passwordChanged: passwordHash !== undefined }, async (db) => {
      const target = await findUser(db, input.id);
      const role = input.role ?? target.role;
      const status = input.status ?? target.status;
      if (target.id === actor.id && !status) throw badRequest(staffMessages.deactivateSelf);
      await assertAdminRemains(db, target, { role, status });
      await assertEmailFree(db, input.email, target.id);
      await db
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          username: usernameOf(input.email),
          phoneNo: input.phoneNo ?? target.phoneNo,
          role,
          status,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date().toISOString(),
        })
        .where(eq(users.id, target.id))
        .run();
      // A deactivated account or a replaced password ends the sessions it had (but not the caller's own).
      if (passwordHash || (target.status && !status)) {
        const ownToken = target.id === actor.id ? tokenFromHeaders((header) => c.req.header(header)) : null;
        await revokeUserTokens(db, target.id, ownToken ?? undefined);
      }
      return staffToApi(await findUser(db, target.id));
    });
    return c.json({ success: true, message: staffMessages.saved, user });
  });

  app.post('/delete-user', adminOnly, async (c) => {
    const { id } = parseOrThrow(deleteStaffSchema, await readJson(c));
    await write(c, 'deleteUser', { id }, async (db) => {
      const target = await findUser(db, id);
      if (target.id === c.get('user').id) throw badRequest(staffMessages.deleteSelf);
      await assertAdminRemains(db, target, null);
      await revokeUserTokens(db, target.id);
      await db.delete(users).where(eq(users.id, target.id)).run();
      return { id: target.id };
    });
    return c.json({ success: true, message: staffMessages.deleted });
  });

  return app;
}
