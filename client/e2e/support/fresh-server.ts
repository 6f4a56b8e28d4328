import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { host } from './env';
import { admin } from './users';

/** One bundled server on its own port and its own, new database. */
export interface FreshServer {
  baseURL: string;
  port: number;
  dbFile: string;
  /**
   * Freezes the server process (SIGSTOP): connections are still accepted by the system, but nothing
   * is answered until `release()`, as a shop PC that has stopped answering. Playwright's own request
   * interception is not used for this: with the app's service worker serving the chunks, a page
   * reloaded under `page.route` had a chunk request aborted now and then (2 reloads in 40 here).
   */
  hold(): void;
  release(): void;
  stop(): Promise<void>;
}

const serveFresh = fileURLToPath(new URL('./serve-fresh.mjs', import.meta.url));
const projectDir = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Starts the BUILT server (serve-fresh.mjs deletes the database first) on `port` and waits for its
 * health answer; with `registerAdmin`, registers the first account (support/users.ts's admin), which
 * makes it the Admin, as the spine's first test does through the UI.
 */
export async function startFreshServer(port: number, options: { registerAdmin: boolean }): Promise<FreshServer> {
  const baseURL = `http://${host}:${port}`;
  const dbFile = join(tmpdir(), `garage-e2e-${port}`, 'garage.sqlite');
  const child = spawn(process.execPath, [serveFresh], {
    cwd: projectDir,
    env: { ...process.env, PORT: String(port), HOST: host, DB_FILE: dbFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  await untilHealthy(child, baseURL, () => stderr);
  if (options.registerAdmin) {
    const response = await fetch(`${baseURL}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (response.status !== 201) throw new Error(`registering the Admin answered ${response.status}: ${await response.text()}`);
  }
  return {
    baseURL,
    port,
    dbFile,
    hold: () => void child.kill('SIGSTOP'),
    release: () => void child.kill('SIGCONT'),
    stop: () => stop(child),
  };
}

async function untilHealthy(child: ChildProcess, baseURL: string, stderr: () => string): Promise<void> {
  // 60 s: a busy 2-core machine starts the bundled server in 1-5 s.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server on ${baseURL} exited (${child.exitCode}): ${stderr()}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop(child);
  throw new Error(`the server on ${baseURL} did not answer /api/health within 60 s: ${stderr()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGCONT'); // a held server would not act on SIGTERM until it runs again
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
