import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from '../db/db';
import { outboxMayHoldChanges } from './outbox-may-hold-changes';

// The login page loads the device's database code only when something waits to be sent. Asked with
// IndexedDB itself, it must never hide a waiting change, and never make a database by asking.

const entry = { id: 'm1', clientId: 'c1', name: 'createCustomer', args: { id: 'r1' }, createdAt: '2026-11-27T10:00:00.000Z', touches: [], authorId: 'u2', authorName: 'Nimal' };

describe('outboxMayHoldChanges', () => {
  it('is false on a device that never opened the app, and makes no database by asking', async () => {
    const factory = new IDBFactory();
    expect(await outboxMayHoldChanges('garage', factory)).toBe(false);
    expect(await factory.databases()).toEqual([]);
  });

  it('is false when the outbox is empty, and true when it holds a change', async () => {
    const factory = new IDBFactory();
    const db = createGarageDb('garage', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(await outboxMayHoldChanges('garage', factory)).toBe(false);
    await db.outbox.add(entry);
    expect(await outboxMayHoldChanges('garage', factory)).toBe(true);
    // It closed its connection: Dexie may still upgrade or delete the database.
    db.close();
    await expect(
      new Promise((resolve, reject) => Object.assign(factory.deleteDatabase('garage'), { onsuccess: resolve, onerror: reject, onblocked: reject })),
    ).resolves.toBeDefined();
  });

  it('is false for a database of that name without an outbox', async () => {
    const factory = new IDBFactory();
    const open = factory.open('garage', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('other');
    await new Promise((resolve) => (open.onsuccess = resolve));
    open.result.close();
    expect(await outboxMayHoldChanges('garage', factory)).toBe(false);
  });

  it('says true when it cannot tell (a browser without databases()), and still makes no database', async () => {
    const factory = new IDBFactory();
    const withoutList = new Proxy(factory, { get: (target, key) => (key === 'databases' ? undefined : Reflect.get(target, key, target)) }) as IDBFactory;
    expect(await outboxMayHoldChanges('garage', withoutList)).toBe(true);
    expect(await factory.databases()).toEqual([]);
  });
});
