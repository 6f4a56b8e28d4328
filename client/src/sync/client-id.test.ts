import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from '../db/db';
import { getClientId } from './client-id';

// A new device asks for its id from several places at once as it starts (the device code, the first
// pull, a mutation): they must all get the same one. Two ids meant the code was given to one and the
// pushes came from the other, so the server refused the register's drawer ('This register has no
// code yet').
describe("a device's client id", () => {
  it.each([2, 5])('is one id when %i callers ask at once on a new database', async (callers) => {
    const db = createGarageDb(`client-id-${callers}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    const ids = await Promise.all(Array.from({ length: callers }, () => getClientId(db)));
    expect(new Set(ids).size).toBe(1);
    expect(await getClientId(db)).toBe(ids[0]);
    expect((await db.syncState.get('clientId'))?.value).toBe(ids[0]);
    db.close();
  });
});
