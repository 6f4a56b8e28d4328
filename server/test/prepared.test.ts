import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDb } from '@server/db/connection';
import { prepared } from '@server/db/prepared';
import { appliedMutations, categories } from '@server/db/schema';

// A kept statement runs with a plan of its parameters made once (db/prepared.ts), not drizzle's
// fill on every run: each kind of parameter must reach SQLite as drizzle would have sent it.
const dir = mkdtempSync(join(tmpdir(), 'prepared-'));
const db = await openDb(join(dir, 'garage.sqlite'));
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const insertCategory = () =>
  prepared(db, 'test:category', () =>
    db
      .insert(categories)
      .values({
        id: sql.placeholder('id'),
        name: sql.placeholder('name'),
        description: 'kept constant',
        version: sql.placeholder('version'),
        deleted: sql.placeholder('deleted'),
        updatedAt: sql`${sql.placeholder('at')}`,
      })
      .prepare(),
  );

describe('a kept statement fills its parameters from a plan', () => {
  it.each([
    [
      'a named value, a constant, a raw sql placeholder, and a boolean through its column encoder',
      { id: 'c1', name: 'Filters', version: 3, deleted: true, at: '2026-11-27T10:00:00.000Z' },
    ],
    [
      'the same statement again with other values (the plan is not the first call’s values)',
      { id: 'c2', name: 'Brakes', version: 4, deleted: false, at: '2026-11-27T11:00:00.000Z' },
    ],
  ])('%s', (_label, values) => {
    insertCategory().run(values);
    expect(db.$client.prepare('SELECT id, name, description, version, deleted, updatedAt FROM categories WHERE id = ?').get(values.id)).toEqual({
      id: values.id,
      name: values.name,
      description: 'kept constant',
      version: values.version,
      deleted: values.deleted ? 1 : 0,
      updatedAt: values.at,
    });
    // drizzle's own read maps the row back: the boolean went in as drizzle would have stored it.
    expect(db.select().from(categories).where(eq(categories.id, values.id)).get()?.deleted).toBe(values.deleted);
  });

  it('encodes a json column through its encoder, as drizzle does', () => {
    const insert = prepared(db, 'test:applied', () =>
      db
        .insert(appliedMutations)
        .values({ id: sql.placeholder('id'), name: 'createItem', userId: 'u', status: 'applied', httpStatus: 200, result: sql.placeholder('result'), createdAt: 'now' })
        .prepare(),
    );
    insert.run({ id: 'm1', result: { id: 'x', version: 7 } });
    expect(db.select().from(appliedMutations).where(eq(appliedMutations.id, 'm1')).get()?.result).toEqual({ id: 'x', version: 7 });
  });

  it('refuses a run that leaves a value out, and writes nothing', () => {
    expect(() => insertCategory().run({ id: 'c3', name: 'Tyres', version: 5, at: 'now' })).toThrow('No value for placeholder "deleted" was provided');
    expect(db.$client.prepare('SELECT count(*) AS n FROM categories WHERE id = ?').get('c3')).toEqual({ n: 0 });
  });
});
