import type { GarageDb } from '../db/db';

/** A stable id for this device's database, sent with every push. */
export async function getClientId(db: GarageDb): Promise<string> {
  const stored = await db.syncState.get('clientId');
  if (stored) return stored.value;
  const value = crypto.randomUUID();
  await db.syncState.put({ key: 'clientId', value });
  return value;
}
