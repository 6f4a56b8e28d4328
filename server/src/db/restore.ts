import Database from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, fsyncSync, linkSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { checkBackup } from './check-backup';
import { runningServerPid, serverLockFile } from './server-lock';

export interface RestoreOptions {
  /** How the backup is copied beside the live file (a test stands in a copy that fails halfway). */
  copy?: (from: string, to: string) => void;
  now?: Date;
}

export interface Restored {
  /** Where the database that was in place is kept (null: there was none). */
  kept: string | null;
}

/**
 * Puts a backup in place of the database, or changes nothing and throws with the reason:
 * - never while the server runs on it (its mark, server-lock.ts): it would go on with the old
 *   database open and undo the restore when it stops;
 * - only a sound database of this app (check-backup.ts), and only this server's own (its server
 *   id), unless the database in place is unreadable or absent (nothing to tell it from);
 * - the backup is copied beside the live file and checked there, then renamed over it in one step,
 *   so a full disk or a cut copy leaves the database as it was;
 * - the database that was in place is kept beside it (`<file>.before-restore-<time>`), whole.
 */
export async function restoreDatabase(backup: string, target: string, { copy = copyFileSync, now = new Date() }: RestoreOptions = {}): Promise<Restored> {
  const pid = runningServerPid(target);
  if (pid !== null) {
    throw new Error(`The server is running (process ${pid}) on ${target}: stop it first, then restore. (If no server runs, delete ${serverLockFile(target)}.)`);
  }
  if (resolve(backup) === resolve(target)) throw new Error('The backup is the database itself: name a backup file.');

  // Checked as a copy beside the live file, the one that will be renamed over it: a copy cut short
  // (a full disk) fails the same checks as a bad backup, and the backup itself is only read.
  const staging = `${target}.restoring`;
  removeWithJournals(staging);
  try {
    try {
      copy(backup, staging);
      syncFile(staging);
    } catch (error) {
      throw new Error(`Nothing was changed: the backup could not be copied beside the database (${(error as Error).message}).`, { cause: error });
    }
    const { serverId } = await checkBackup(staging, backup);
    const liveId = existsSync(target) ? await serverIdOf(target) : null;
    if (liveId !== null && liveId !== serverId) {
      throw new Error(`${backup} is a backup of another server's database, not of ${target}. To put it in place anyway, move ${target} away first.`);
    }
  } catch (error) {
    removeWithJournals(staging);
    throw error;
  }
  // The check's connection folded and removed its journals; nothing of them may follow the file.
  for (const suffix of ['-wal', '-shm']) rmSync(`${staging}${suffix}`, { force: true });

  const kept = existsSync(target) ? keepOld(target, `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`) : null;
  renameSync(staging, target);
  syncFolder(dirname(target));
  return { kept };
}

/**
 * The server id of the database in place, or null when it cannot be read (damaged: nothing to
 * compare). Read-only, and the journal files a read-only connection leaves are removed again.
 */
async function serverIdOf(file: string): Promise<string | null> {
  const journals = ['-wal', '-shm'].map((suffix) => `${file}${suffix}`).filter((journal) => !existsSync(journal));
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return ((await db.prepare(`SELECT value FROM meta WHERE key = 'serverId'`).get()) as { value: string } | undefined)?.value ?? null;
    } finally {
      db.close();
    }
  } catch {
    return null;
  } finally {
    for (const journal of journals) rmSync(journal, { force: true });
  }
}

/**
 * Keeps the database in place under another name, whole: what its write-ahead log still holds is
 * folded into the file first (a server killed without stopping leaves one), then the file gets a
 * second name (a hard link: instant, no copy) so the live name still holds it until the rename.
 * A log that cannot be folded (a damaged database) is kept beside it under the same name.
 */
function keepOld(target: string, kept: string): string {
  try {
    const db = new Database(target, { fileMustExist: true });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close(); // the last connection's close removes the emptied log
    }
  } catch {
    // damaged: kept with its log as it is
  }
  try {
    linkSync(target, kept);
  } catch {
    copyFileSync(target, kept);
  }
  // The log and shared memory belong to the old database: with the new file they would be applied to it.
  if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${kept}-wal`);
  rmSync(`${target}-shm`, { force: true });
  return kept;
}

function removeWithJournals(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

function syncFile(file: string, flags = 'r+'): void {
  const fd = openSync(file, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The rename is durable once the folder is synced (POSIX; Windows has no folder handle to sync). */
function syncFolder(folder: string): void {
  try {
    syncFile(folder, 'r');
  } catch {
    // not supported here
  }
}
