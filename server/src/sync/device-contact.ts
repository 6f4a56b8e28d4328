import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices, users } from '../db/schema';
import { prepared } from '../db/prepared';

/** A device's last contact is written at most once a minute: a pull every few seconds costs no write. */
export const contactResolutionMs = 60_000;

/** Notes that a device pushed or pulled now: one conditional update, nothing when noted in the last minute or unknown. */
export async function noteDeviceContact(db: Db, clientId: string | undefined, now = new Date()): Promise<void> {
  if (!clientId) return;
  const statement = prepared(db, 'devices:contact', () =>
    db
      .update(devices)
      .set({ lastContactAt: sql`${sql.placeholder('at')}` })
      .where(and(eq(devices.clientId, sql.placeholder('clientId')), or(isNull(devices.lastContactAt), lt(devices.lastContactAt, sql.placeholder('before')))))
      .prepare(),
  );
  await statement.run({ at: now.toISOString(), clientId, before: new Date(now.getTime() - contactResolutionMs).toISOString() });
}

export interface DeviceContact {
  code: string;
  /** The name an Admin gave it, '' until named (register-names.ts). */
  name: string;
  /** Who registered it (the register's first user). */
  userName: string;
  createdAt: string;
  /** null: it has not pushed or pulled since this server began noting contacts. */
  lastContactAt: string | null;
}

/** Every register the server gave a code, with its last contact (an Admin's bell, issue 28). */
export async function deviceContacts(db: Db): Promise<DeviceContact[]> {
  return (
    await db
      .select({ code: devices.code, name: devices.name, userName: users.name, createdAt: devices.createdAt, lastContactAt: devices.lastContactAt })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.userId))
      .orderBy(devices.code)
      .all()
  ).map((row) => ({ ...row, userName: row.userName ?? '' }));
}
