// The stock ledger migration (0001) on a database made by the first release: real-number stock
// becomes exact hundredths with an opening movement, and every version given out gets a nonce.
import { afterEach, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { openDb } from '../src/db/connection';
import { projectRoot } from '../src/project-root';
import { makeTempDir } from './helpers';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** The migrations folder as a release shipped it: its first `count` migrations (the first release: only 0000). */
function firstReleaseMigrations(dir: string, count = 1): string {
  const folder = join(dir, `drizzle-${count}`);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const source = join(projectRoot(), 'server', 'drizzle');
  const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const entries = journal.entries.slice(0, count);
  for (const entry of entries) cpSync(join(source, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A database file made by the first `count` migrations, open for the old release's rows; removed after the test. */
function databaseAt(count: number): { file: string; old: Database.Database } {
  const dir = makeTempDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'garage.sqlite');
  const old = new Database(file);
  migrate(drizzle(old), { migrationsFolder: firstReleaseMigrations(dir, count) });
  return { file, old };
}

describe('migration 0001: the stock ledger and the version log', () => {
  it('turns each item’s stock into exact hundredths with one opening movement, and logs every version', async () => {
    const { file, old } = databaseAt(1);
    const insert = old.prepare(`INSERT INTO items (id, version, deleted, updatedAt, itemName, barcode, stockQuantity) VALUES (?, ?, 0, '2026-11-01T08:00:00.000Z', ?, ?, ?)`);
    await insert.run('i-oil', 1, 'Engine oil 1 l', 'OIL-1', 12.5);
    await insert.run('i-fuse', 2, 'Fuse 10A', 'FUSE-10', 0);
    await insert.run('i-odd', 3, 'Coolant', 'COOL-1', 0.1 + 0.2); // binary noise: 0.30000000000000004
    await old.prepare(`INSERT INTO counters (name, value) VALUES ('version', 3)`).run();
    await old.prepare(`INSERT INTO meta (key, value) VALUES ('serverId', 'old-server')`).run();
    old.close();

    const db = await openDb(file);
    cleanups.push(() => db.$client.close());
    const items = await db.$client.prepare(`SELECT id, stockHundredths FROM items ORDER BY id`).all();
    expect(items).toEqual([
      { id: 'i-fuse', stockHundredths: 0 },
      { id: 'i-odd', stockHundredths: 30 },
      { id: 'i-oil', stockHundredths: 1250 },
    ]);
    const movements = await db.$client.prepare(`SELECT id, itemId, quantityHundredths, reason, version FROM stock_movements ORDER BY id`).all();
    expect(movements).toEqual([
      { id: 'i-odd/opening', itemId: 'i-odd', quantityHundredths: 30, reason: 'opening', version: 3 },
      { id: 'i-oil/opening', itemId: 'i-oil', quantityHundredths: 1250, reason: 'opening', version: 1 },
    ]);
    const log = (await db.$client.prepare(`SELECT version, nonce FROM version_log ORDER BY version`).all()) as { version: number; nonce: string }[];
    expect(log.map((row) => row.version)).toEqual([1, 2, 3]);
    for (const row of log) expect(row.nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(log.map((row) => row.nonce)).size).toBe(3);
    expect(await db.$client.prepare(`SELECT value FROM meta WHERE key = 'serverId'`).get()).toEqual({ value: 'old-server' });
  });
});

describe('migration 0012: the tax history', () => {
  it('takes the saved tax setting as in force since always', async () => {
    const { file, old } = databaseAt(12);
    await old
      .prepare(
        `INSERT INTO company (id, version, deleted, updatedAt, name, taxRatePercent, pricesIncludeTax) VALUES ('company', 4, 0, '2026-11-01T08:00:00.000Z', 'Lanka Motors', 10, 0)`,
      )
      .run();
    old.close();

    const db = await openDb(file);
    cleanups.push(() => db.$client.close());
    expect(await db.$client.prepare(`SELECT id, taxRatePercent, pricesIncludeTax, effectiveAt FROM tax_history`).all()).toEqual([
      { id: 'before-history', taxRatePercent: 10, pricesIncludeTax: 0, effectiveAt: '1970-01-01T00:00:00.000Z' },
    ]);
  });
});

describe('migration 0013: the logo kept apart', () => {
  it('moves a logo saved inside the company record to its own row, named by path at a new version', async () => {
    const { file, old } = databaseAt(13);
    const logo = `data:image/png;base64,${Buffer.alloc(50_000, 3).toString('base64')}`;
    await old.prepare(`INSERT INTO counters (name, value) VALUES ('version', 7)`).run();
    await old.prepare(`INSERT INTO company (id, version, deleted, updatedAt, name, logoUrl) VALUES ('company', 7, 0, '2026-11-01T08:00:00.000Z', 'Lanka Motors', ?)`).run(logo);
    old.close();

    const db = await openDb(file);
    cleanups.push(() => db.$client.close());
    expect(await db.$client.prepare(`SELECT version, logoUrl FROM company`).get()).toEqual({ version: 8, logoUrl: '/api/company/logo/saved-before-0013' });
    expect(await db.$client.prepare(`SELECT id, dataUrl FROM company_logos`).all()).toEqual([{ id: 'saved-before-0013', dataUrl: logo }]);
    expect(await db.$client.prepare(`SELECT value FROM counters WHERE name = 'version'`).get()).toEqual({ value: 8 });
    expect(await db.$client.prepare(`SELECT version, mutationId FROM version_log`).all()).toEqual([{ version: 8, mutationId: 'migration-0013' }]);
  });

  it('changes nothing where no logo was saved', async () => {
    const { file, old } = databaseAt(13);
    await old.prepare(`INSERT INTO counters (name, value) VALUES ('version', 7)`).run();
    await old.prepare(`INSERT INTO company (id, version, deleted, updatedAt, name, logoUrl) VALUES ('company', 7, 0, '2026-11-01T08:00:00.000Z', 'Lanka Motors', '')`).run();
    old.close();

    const db = await openDb(file);
    cleanups.push(() => db.$client.close());
    expect(await db.$client.prepare(`SELECT version, logoUrl FROM company`).get()).toEqual({ version: 7, logoUrl: '' });
    expect(await db.$client.prepare(`SELECT value FROM counters WHERE name = 'version'`).get()).toEqual({ value: 7 });
  });
});
