import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from '../db/db';
import { BatchCallError, runLocalMutations, type Author } from './local-mutation';
import { editPatch } from './edit-patch';
import { ValidationError } from './validation-error';

const manager: Author = { id: 'user-1', name: 'Mala', role: 'Manager' };
const staff: Author = { id: 'user-2', name: 'Saman', role: 'Staff' };
const newDb = (name: string) => createGarageDb(name, { indexedDB: new IDBFactory(), IDBKeyRange });
const service = (id: string, name: string, price: unknown) => ({ name: 'createService' as const, args: { id, name, price } });

describe('runLocalMutations: an import writes many changes in one transaction', () => {
  it('applies and queues each change as runLocalMutation would, in order', async () => {
    const db = newDb('batch-order');
    const entries = await runLocalMutations(db, manager, [
      service('s1', 'Oil Change', '2,500'.replace(',', '')),
      service('s2', 'Wheel Alignment', 1800.5),
      service('s3', 'Tune Up', 0),
    ]);
    expect(entries.map((entry) => entry.args.id)).toEqual(['s1', 's2', 's3']);
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((entry) => [entry.name, entry.args.id, entry.authorId])).toEqual([
      ['createService', 's1', 'user-1'],
      ['createService', 's2', 'user-1'],
      ['createService', 's3', 'user-1'],
    ]);
    expect((await db.services.get('s2'))?.priceCents).toBe(180050);
    expect(queued.every((entry) => entry.touches.length === 1)).toBe(true);
  });

  it('writes nothing when one change breaks a rule, and says which', async () => {
    const db = newDb('batch-refused');
    const failure = await runLocalMutations(db, manager, [service('s1', 'Oil Change', 100), service('s2', '', 100), service('s3', 'Tune Up', 100)]).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BatchCallError);
    expect((failure as BatchCallError).index).toBe(1);
    expect((failure as BatchCallError).cause).toBeInstanceOf(ValidationError);
    expect((failure as BatchCallError).message).toBe('Service name is required.');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.services.count()).toBe(0);
  });

  it("checks each change against the author's role", async () => {
    const db = newDb('batch-role');
    const failure = await runLocalMutations(db, staff, [service('s1', 'Oil Change', 100)]).catch((error: unknown) => error);
    expect((failure as BatchCallError).message).toBe('Your role (Staff) may not do this.');
  });
});

describe('editPatch: an edit sends only what differs from the row it was compared with', () => {
  const row = { id: 's1', name: 'Oil Change', priceCents: 250000 };
  it.each<[Record<string, unknown>, Record<string, unknown> | null]>([
    [{ name: 'Oil Change', price: 2500 }, null],
    [{ name: 'Oil Change', price: '2500.00' }, null],
    [{ name: ' Oil Change ', price: 2600 }, { price: 2600 }],
    [{ name: 'Full Oil Change' }, { name: 'Full Oil Change' }],
  ])('%j against the stored row is %j', (input, patch) => expect(editPatch('updateService', 's1', input, row)).toEqual(patch));

  it('refuses what breaks the form rules, in their words', () => {
    expect(() => editPatch('updateService', 's1', { name: '' }, row)).toThrow('Service name is required.');
  });
});
