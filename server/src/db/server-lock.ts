import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * The running server's mark beside its database: `<database>.server.pid`, holding its process id.
 * A restore reads it to refuse while the server runs (the server would keep the old database open
 * and undo the restore when it stops). A server killed without stopping leaves the file behind;
 * a process id no process holds any more is such a leftover.
 */
export const serverLockFile = (dbFile: string) => `${dbFile}.server.pid`;

/** Writes this process's mark; answers the function that removes it (at a clean stop). */
export function markServerRunning(dbFile: string): () => void {
  const file = serverLockFile(dbFile);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    // Only our own mark: a second server started on the same file meanwhile keeps its.
    if (runningServerPid(dbFile) === process.pid) rmSync(file, { force: true });
  };
}

/** The process id of a live server on this database, or null when none runs. */
export function runningServerPid(dbFile: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(serverLockFile(dbFile), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to another user, which still counts as running.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
