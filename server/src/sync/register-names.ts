import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { devices } from '../db/schema';
import { notFound } from '../http/errors';
import type { RegisterName } from '@shared/schemas/register';

/**
 * The names an Admin gave the registers (issue 47), for every device: a register prints its own
 * and others' X and Z reports and lists every register's Z reports, offline too, so each device
 * keeps the last answer (client/src/lib/register-names.ts). Codes and names only: who registered a
 * device and when it last synced stay the Admin's (device-contact.ts).
 */
export async function registerNames(db: Db): Promise<RegisterName[]> {
  return db.select({ code: devices.code, name: devices.name }).from(devices).orderBy(asc(devices.code)).all();
}

/** Names the register with this code ('' takes its name away). */
export async function nameRegister(db: Db, code: string, name: string): Promise<RegisterName> {
  const changed = (await db.update(devices).set({ name }).where(eq(devices.code, code)).run()).changes;
  if (changed === 0) throw notFound(`No register has the code ${code}.`);
  return { code, name };
}
