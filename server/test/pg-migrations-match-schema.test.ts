import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as pg from '../src/db/pg-schema';
import { projectRoot } from '../src/project-root';

// Issue 46: PostgreSQL's side of migrations-match-schema.test.ts. A change to server/src/db/schema.ts
// changes its PostgreSQL table too (pg-schema.ts), and `npm run db:generate` writes both engines'
// migrations: this fails when the PostgreSQL ones were not written. drizzle-kit compares the schema
// with the last committed snapshot, as `drizzle-kit generate` itself does, without a database.
const folder = join(projectRoot(), 'server', 'drizzle-pg');

function lastSnapshot(): { id: string } {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!;
  return JSON.parse(readFileSync(join(folder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as { id: string };
}

describe('the migrations in server/drizzle-pg', () => {
  it('are what drizzle-kit would generate from the PostgreSQL schema now', async () => {
    const snapshot = lastSnapshot();
    const pending = await generateMigration(snapshot as never, generateDrizzleJson(pg, snapshot.id));
    expect(pending, `the PostgreSQL schema differs from server/drizzle-pg: run npm run db:generate and commit server/drizzle-pg`).toEqual([]);
  });
});
