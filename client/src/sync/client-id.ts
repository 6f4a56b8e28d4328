import type { GarageDb } from '../db/db';

/**
 * A stable id for this device's database, sent with every push. Read and made in one read-write
 * transaction: a new device asks from several places at once as it starts (its device code, the
 * first pull, a mutation), and two callers that each found none made two ids, the device code
 * going to one and the pushes coming from the other (the server then knew no register for them).
 */
export async function getClientId(db: GarageDb): Promise<string> {
  return db.transaction('rw', db.syncState, async () => {
    const stored = await db.syncState.get('clientId');
    if (stored) return stored.value;
    const value = crypto.randomUUID();
    await db.syncState.put({ key: 'clientId', value });
    return value;
  });
}
