// Issue 24 point 15: a restore refuses while the server runs and refuses any file that is not a sound
// backup of this server's database, before touching anything; it swaps the file in one rename and
// keeps the database it replaced. Real files in a temporary folder, and the real command.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDb } from '../src/db/connection';
import { backupDatabase } from '../src/db/backup';
import { restoreDatabase } from '../src/db/restore';
import { markServerRunning, serverLockFile } from '../src/db/server-lock';
import { makeTempDir } from './helpers';

let dir: string;
let live: string;

beforeEach(() => {
  dir = makeTempDir();
  live = join(dir, 'garage.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Adds a category straight into a database file (opened and closed, as a stopped server leaves it). */
async function addCategory(file: string, name: string): Promise<void> {
  const db = await openDb(file);
  await db.$client.prepare(`INSERT INTO categories (id, version, deleted, updatedAt, name, description) VALUES (?, 1, 0, '2026-01-01', ?, '')`).run(`id-${name}`, name);
  db.$client.close();
}

/** The categories in a file (a connection that can write: a read-only one would leave journal files behind). */
async function categoryNames(file: string): Promise<string[]> {
  const db = new Database(file, { fileMustExist: true });
  try {
    return ((await db.prepare('SELECT name FROM categories ORDER BY name').all()) as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

/** The live database and a backup of it, then a change after the backup. */
async function liveWithBackup(): Promise<string> {
  await addCategory(live, 'Before');
  const backup = join(dir, 'backup.sqlite');
  await backupDatabase(live, backup);
  await addCategory(live, 'After');
  return backup;
}

const untouched = (before: Buffer) => expect(readFileSync(live).equals(before), 'the live database is unchanged').toBe(true);
const folder = () => readdirSync(dir).sort();

describe('restore', () => {
  it('puts the backup in place and keeps the database it replaced, whole', async () => {
    const backup = await liveWithBackup();
    const { kept } = await restoreDatabase(backup, live, { now: new Date('2026-05-01T10:00:00Z') });
    expect(await categoryNames(live)).toEqual(['Before']);
    expect(kept).toBe(`${live}.before-restore-2026-05-01T10-00-00-000Z`);
    expect(await categoryNames(kept!)).toEqual(['After', 'Before']);
    expect(folder()).toEqual(['backup.sqlite', 'garage.sqlite', 'garage.sqlite.before-restore-2026-05-01T10-00-00-000Z']);
    // The server starts on it.
    const db = await openDb(live);
    expect(await db.$client.prepare('SELECT COUNT(*) AS n FROM categories').get()).toEqual({ n: 1 });
    db.$client.close();
  });

  it('keeps what a killed server left in its write-ahead log with the old database', async () => {
    const backup = await liveWithBackup();
    // A server killed mid-work: a commit only in the -wal file, no clean close to fold it in.
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(live)}); db.pragma('wal_autocheckpoint = 0');
         db.prepare("INSERT INTO categories (id, version, deleted, updatedAt, name, description) VALUES ('k', 2, 0, 'x', 'In the log', '')").run();
         process.kill(process.pid, 'SIGKILL');`,
      ],
      { cwd: process.cwd() },
    );
    expect(child.signal).toBe('SIGKILL');
    expect(existsSync(`${live}-wal`)).toBe(true);
    const { kept } = await restoreDatabase(backup, live);
    expect(existsSync(`${live}-wal`)).toBe(false);
    expect(await categoryNames(live)).toEqual(['Before']);
    expect(await categoryNames(kept!)).toEqual(['After', 'Before', 'In the log']);
  });

  it('refuses while the server runs on the database, and changes nothing', async () => {
    const backup = await liveWithBackup();
    const before = readFileSync(live);
    const unmark = markServerRunning(live);
    await expect(restoreDatabase(backup, live)).rejects.toThrow(/server is running \(process \d+\).*stop it first/);
    untouched(before);
    unmark();
    expect(existsSync(serverLockFile(live))).toBe(false);
  });

  it('goes ahead over the mark of a server that was killed (no such process any more)', async () => {
    const backup = await liveWithBackup();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    writeFileSync(serverLockFile(live), gone.stdout.toString());
    await restoreDatabase(backup, live);
    expect(await categoryNames(live)).toEqual(['Before']);
  });

  it.each([
    ['a text file', () => 'README.md', /cannot be opened|not a database/],
    ['a damaged database', (backup: string) => damaged(backup), /damaged|malformed|not a database/],
    [
      "another program's SQLite file",
      () => {
        const other = join(dir, 'other.sqlite');
        const db = new Database(other);
        db.exec('CREATE TABLE notes (text TEXT)');
        db.close();
        return other;
      },
      /not a database of this app \(no categories/,
    ],
    [
      "another server's backup",
      async () => {
        const other = join(dir, 'other-server.sqlite');
        await addCategory(other, 'Elsewhere');
        return other;
      },
      /another server's database/,
    ],
  ])('refuses %s before touching anything', async (_what, make, message) => {
    const backup = await liveWithBackup();
    const file = await make(backup);
    const before = readFileSync(live);
    const listed = folder();
    await expect(restoreDatabase(file, live)).rejects.toThrow(message);
    untouched(before);
    expect(folder()).toEqual(listed);
  });

  it('restores over a live database too damaged to read (nothing to compare its server with)', async () => {
    const backup = await liveWithBackup();
    writeFileSync(live, 'not a database any more');
    await restoreDatabase(backup, live);
    expect(await categoryNames(live)).toEqual(['Before']);
  });

  it('leaves the database as it was when the copy fails halfway (a full disk)', async () => {
    const backup = await liveWithBackup();
    const before = readFileSync(live);
    const listed = folder();
    const fullDisk = (from: string, to: string) => {
      writeFileSync(to, readFileSync(from).subarray(0, 4096));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    await expect(restoreDatabase(backup, live, { copy: fullDisk })).rejects.toThrow(/Nothing was changed.*ENOSPC/);
    untouched(before);
    expect(folder()).toEqual(listed);
  });

  it('leaves the database as it was when the copy is cut short without an error', async () => {
    const backup = await liveWithBackup();
    const before = readFileSync(live);
    const cut = (from: string, to: string) => writeFileSync(to, readFileSync(from).subarray(0, 8192));
    const listed = folder();
    await expect(restoreDatabase(backup, live, { copy: cut })).rejects.toThrow(/backup\.sqlite is (damaged|not a database)/);
    untouched(before);
    expect(folder()).toEqual(listed);
  });
});

/** A copy of the backup with pages overwritten in the middle (the header still says SQLite). */
function damaged(backup: string): string {
  const file = join(dir, 'damaged.sqlite');
  copyFileSync(backup, file);
  const bytes = readFileSync(file);
  for (let i = 4096 * 2; i < Math.min(bytes.length, 4096 * 6); i++) bytes[i] = (i * 7) % 256;
  writeFileSync(file, bytes);
  return file;
}

describe('npm run restore', () => {
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], { env: { ...process.env, ...env } });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });

  it('exits 1 with the reason for a file that is not a backup, and 0 for a good one', async () => {
    const backup = await liveWithBackup();
    const refused = await run(['README.md'], { DB_FILE: live });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Restore refused: .*README\.md/);
    expect(await categoryNames(live)).toEqual(['After', 'Before']);
    const done = await run([backup], { DB_FILE: live });
    expect(done.code, done.output).toBe(0);
    expect(done.output).toMatch(/kept as .*before-restore/);
    expect(await categoryNames(live)).toEqual(['Before']);
  }, 60_000);

  it('refuses while the real server runs on the database; goes ahead once it has stopped', async () => {
    const backup = await liveWithBackup();
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: { ...process.env, DB_FILE: live, PORT: '0', HOST: '127.0.0.1' } });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.on('data', (chunk) => String(chunk).includes('Garage back office on') && resolve());
        server.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
      });
      expect(readFileSync(serverLockFile(live), 'utf8').trim()).toBe(String(server.pid));
      const refused = await run([backup], { DB_FILE: live });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(new RegExp(`server is running \\(process ${server.pid}\\)`));
    } finally {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    expect(existsSync(serverLockFile(live))).toBe(false);
    expect(await categoryNames(live)).toEqual(['After', 'Before']);
    const done = await run([backup], { DB_FILE: live });
    expect(done.code, done.output).toBe(0);
    expect(await categoryNames(live)).toEqual(['Before']);
  }, 120_000);
});
