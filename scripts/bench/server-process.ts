import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

// Servers still running when the bench ends (an error, Ctrl-C) are stopped with it: each runs in its
// own process group, which a plain exit would leave behind.
const running = new Set<number>();
process.on('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export interface RunningServer {
  process: ChildProcess;
  baseUrl: string;
  /** Spawn to the first answered /api/health, in milliseconds. */
  startMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** A free loopback port, asked of the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `command args` (the built server, or `npm start`) in its own process group with PORT,
 * HOST and DB_FILE set (and DATABASE_URL when `env` gives it: the server on PostgreSQL), and resolves once /api/health answers. stop() ends that group only.
 */
export async function startServer(options: {
  command: string;
  args: string[];
  cwd: string;
  dbFile: string;
  port?: number;
  timeoutMs?: number;
  /** More environment for the server (limits a bench run raises). */
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1', DB_FILE: options.dbFile, NODE_ENV: 'production' };
  // The bench's own DATABASE_URL (PostgreSQL, issue 46) only when the run names it: a SQLite run never inherits one from the shell.
  if (options.env?.DATABASE_URL === undefined) delete env.DATABASE_URL;
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  if (child.pid !== undefined) running.add(child.pid);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      if (child.pid !== undefined) running.delete(child.pid);
      resolve();
    }),
  );

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM'); // the group we made: npm and its node child
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 3000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = started + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (exited) throw new Error(`server exited before answering:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) {
        await response.arrayBuffer();
        return { process: child, baseUrl, startMs: performance.now() - started, output: () => output, stop };
      }
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`server did not answer /api/health within ${options.timeoutMs ?? 30_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Kills the server's process group with SIGKILL (no chance to finish anything) and waits for its exit. */
export async function sigkill(server: RunningServer): Promise<void> {
  const child = server.process;
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGKILL'); // its own process group: the node process and nothing else of ours
  await exited;
}
