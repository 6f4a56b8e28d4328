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

/**
 * This device's own secret (server/src/sync/device-keys.ts): made here, kept before it is first sent,
 * and sent with the device's check-in, its pushes and its pulls. Made on the device rather than given
 * by the server, so a check-in whose answer is lost (a reload, the Wi-Fi dropping) cannot leave the
 * device without the key the server took. Made in one read-write transaction, as the client id is.
 */
export async function getDeviceKey(db: GarageDb): Promise<string> {
  return db.transaction('rw', db.syncState, async () => {
    const stored = await db.syncState.get('deviceKey');
    if (stored) return stored.value;
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const value = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    await db.syncState.put({ key: 'deviceKey', value });
    return value;
  });
}
