import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dropDatabase } from '../../tests/support/drop-database.mjs';
import * as pgSchema from '../src/db/pg-schema';
import { projectRoot } from '../src/project-root';
import { sqlText } from './pg-shape';

// Issue 46: server/drizzle-pg applied to a fresh PostgreSQL database makes the tables pg-schema.ts
// declares: the columns (type, nullability, default) and the indexes (columns, uniqueness, condition).
// The server is PG_TEST_URL's (.ci/run starts one; README, "PostgreSQL tests"); each run makes a
// database of its own there and drops it. Without PG_TEST_URL the test is skipped, except under CI.
const url = process.env.PG_TEST_URL;
if (!url) console.warn('pg-migrations.test.ts: skipped: PG_TEST_URL is not set (e.g. postgres://garage:garage@127.0.0.1:5432/garage_test)');

const tables = (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describe.runIf(!url && process.env.CI)('the PostgreSQL tests under CI', () => {
  it('have a server', () => {
    throw new Error('CI is set but PG_TEST_URL is not: .ci/run starts PostgreSQL and sets it');
  });
});

describe.runIf(url)('the migrations in server/drizzle-pg, on PostgreSQL', () => {
  const database = `garage_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  let client: pg.Client;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    const own = new URL(url!);
    own.pathname = `/${database}`;
    // One client, not a pool: its end() resolves once the connection is closed, so the DROP below never
    // terminates a session still open (a pool's end() resolved before its client had closed, and the
    // client reported the termination as an unhandled error).
    client = new pg.Client({ connectionString: own.toString() });
    await client.connect();
    await migrate(drizzle(client), { migrationsFolder: join(projectRoot(), 'server', 'drizzle-pg') });
  });

  afterAll(async () => {
    await client?.end();
    await dropDatabase(admin, database);
    await admin.end();
  });

  it('make every table the schema declares, and no other', async () => {
    const { rows } = await client.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(rows.map((row) => row.name).sort()).toEqual(tables.map((table) => getTableConfig(table).name).sort());
  });

  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))('make %s as the schema declares it', async (name, table) => {
    const config = getTableConfig(table);
    const columns = await client.query<{ column_name: string; data_type: string; is_nullable: string; has_default: boolean }>(
      `SELECT column_name, data_type, is_nullable, (column_default IS NOT NULL OR is_identity = 'YES') AS has_default
         FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
      [name],
    );
    const made = Object.fromEntries(
      columns.rows.map((row) => [row.column_name, `${row.data_type}, ${row.is_nullable === 'NO' ? 'not null' : 'null'}, ${row.has_default ? 'default' : 'none'}`]),
    );
    const declared = Object.fromEntries(
      config.columns.map((column) => [
        column.name,
        `${column.getSQLType()}, ${column.notNull ? 'not null' : 'null'}, ${column.default !== undefined || column.generatedIdentity ? 'default' : 'none'}`,
      ]),
    );
    expect(made).toEqual(declared);

    const indexes = await client.query<{ name: string; is_unique: boolean; is_primary: boolean; columns: string[]; condition: string | null }>(
      `SELECT i.relname AS name, x.indisunique AS is_unique, x.indisprimary AS is_primary, pg_get_expr(x.indpred, x.indrelid) AS condition,
              ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace s ON s.oid = t.relnamespace
        WHERE s.nspname = 'public' AND t.relname = $1`,
      [name],
    );
    // PostgreSQL prints a condition back in its own form: `"deleted" = false` as `(deleted = false)`.
    const line = (unique: boolean, columns: string[], condition: string | null | undefined) =>
      `${unique ? 'unique ' : ''}(${columns.join(', ')})${condition ? ` where ${condition}` : ''}`;
    const madeIndexes = Object.fromEntries(indexes.rows.map((row) => [row.is_primary ? 'primary key' : row.name, line(row.is_unique, row.columns, row.condition)]));
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    const keys = primary.length ? primary : (config.primaryKeys[0]?.columns.map((column) => column.name) ?? []);
    const declaredIndexes: Record<string, string> = {
      ...(keys.length ? { 'primary key': line(true, keys, null) } : {}),
      ...Object.fromEntries(config.columns.filter((column) => column.isUnique).map((column) => [column.uniqueName!, line(true, [column.name], null)])),
      ...Object.fromEntries(
        config.indexes.map(({ config: index }) => [
          index.name!,
          line(
            index.unique,
            index.columns.map((column) => (column as { name: string }).name),
            index.where && `(${sqlText(index.where).replaceAll('"', '')})`,
          ),
        ]),
      ),
    };
    expect(madeIndexes).toEqual(declaredIndexes);
  });

  it('store and read back 64-bit integers as numbers, booleans, and JSON as it was written', async () => {
    const db = drizzle(client);
    // Keys in the order a device writes them: jsonb would give them back shortest first.
    const vehicles = [{ make: 'Toyota', model: 'Aqua', year: 2015, licensePlate: 'CAB-1234', vin: '' }];
    await db.insert(pgSchema.customers).values({ id: 'c1', version: 2 ** 40 + 1, updatedAt: '2026-12-07T10:00:00.000Z', customerName: 'Nimal', isGuest: true, vehicles });
    await db.insert(pgSchema.versionLog).values({ version: 2 ** 40 + 1, nonce: 'n', mutationId: 'm' });
    const [row] = await db.select().from(pgSchema.customers);
    expect(row).toMatchObject({ version: 2 ** 40 + 1, deleted: false, isGuest: true, noReminders: false, city: '', language: 'en' });
    expect(JSON.stringify(row!.vehicles)).toBe(JSON.stringify(vehicles));
    const [log] = await db.select().from(pgSchema.versionLog);
    expect(log!.version).toBe(2 ** 40 + 1);
  });
});
