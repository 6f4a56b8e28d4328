// Many devices at once: the built server's memory with N poke streams (GET /api/sync/events) open,
// and how long one write takes to poke them all. See docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { median } from './browser';
import { startServer } from './server-process';
import { login } from './server-timings';

export interface FanoutReport {
  connections: number;
  tokens: number;
  /** VmRSS of the server process, in kB. */
  rssKb: { idle: number; connected: number; afterPoke: number; closed: number };
  /** VmHWM (peak RSS) at the end, in kB. */
  peakKb: number;
  /** From opening the first stream until every stream has its first poke (the one sent on connect). */
  connectMs: number;
  /** The write that pokes: POST /api/sync/push with one createCategory. */
  writeMs: number;
  /** Streams that received the write's poke, and when (ms from sending the write). */
  received: number;
  firstPokeMs: number;
  medianPokeMs: number;
  lastPokeMs: number;
}

function readStatus(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

export interface Stream {
  pokes: number[];
  done: Promise<void>;
}

/** Opens one poke stream and notes the time of every 'poke' event, as the client's PokeListener reads them. */
export function openStream(baseUrl: string, token: string, signal: AbortSignal, onPoke: () => void): Stream {
  const pokes: number[] = [];
  const done = (async () => {
    const response = await fetch(`${baseUrl}/api/sync/events`, { headers: { token, accept: 'text/event-stream' }, signal });
    if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      const events = buffer.split('\n\n');
      buffer = events.pop() ?? '';
      for (const event of events) {
        if (/^event: poke$/m.test(event)) {
          pokes.push(performance.now());
          onPoke();
        }
      }
    }
  })().catch((error: unknown) => {
    if (!signal.aborted) throw error;
  });
  return { pokes, done };
}

async function until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!test()) {
    if (performance.now() > deadline) throw new Error(`poke fan-out: ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

export async function measureFanout(options: {
  server: { command: string; args: string[]; cwd: string; dbFile: string };
  email: string;
  password: string;
  connections?: number;
  tokens?: number;
  log: (line: string) => void;
}): Promise<FanoutReport> {
  const connections = options.connections ?? 200;
  const tokenCount = options.tokens ?? 4;
  // A server of its own: its memory is the streams' and nothing else's (no browser session before).
  // Its streams all belong to one Admin: the per-user and total stream limits are raised for this run.
  const server = await startServer({ ...options.server, env: { POKE_STREAMS_PER_USER: String(connections), POKE_STREAMS_TOTAL: String(connections + 10) } });
  const pid = server.process.pid!;
  const abort = new AbortController();
  const streams: Stream[] = [];
  try {
    const tokens: string[] = [];
    for (let i = 0; i < tokenCount; i++) tokens.push(await login(server.baseUrl, options.email, options.password));
    // A few ordinary requests first, so the idle figure is a warmed-up server's.
    for (let i = 0; i < 5; i++) await (await fetch(`${server.baseUrl}/api/sync/pull?since=&limit=50`, { headers: { token: tokens[0]! } })).arrayBuffer();
    await settle();
    const idle = readStatus(pid).rss;
    options.log(`  server RSS idle: ${(idle / 1024).toFixed(1)} MB`);

    let pokesSeen = 0;
    const opened = performance.now();
    for (let i = 0; i < connections; i++) streams.push(openStream(server.baseUrl, tokens[i % tokens.length]!, abort.signal, () => (pokesSeen += 1)));
    await until(() => streams.every((s) => s.pokes.length >= 1), 30_000, `not every stream had its first poke`);
    const connectMs = performance.now() - opened;
    await settle();
    const connected = readStatus(pid).rss;
    options.log(`  ${connections} streams open (all had their connect poke after ${connectMs.toFixed(0)} ms): RSS ${(connected / 1024).toFixed(1)} MB`);

    // One write through the devices' path; every stream must hear of it.
    const before = pokesSeen;
    const body = JSON.stringify({
      clientId: 'fanout-bench',
      mutations: [
        {
          id: randomUUID(),
          clientId: 'fanout-bench',
          seq: 1,
          name: 'createCategory',
          args: { id: randomUUID(), name: `Fan-out ${Date.now()}`, description: '' },
          createdAt: new Date().toISOString(),
        },
      ],
    });
    const sent = performance.now();
    const response = await fetch(`${server.baseUrl}/api/sync/push`, { method: 'POST', headers: { token: tokens[0]!, 'content-type': 'application/json' }, body });
    const answer = (await response.json()) as { results?: { status: string }[] };
    const writeMs = performance.now() - sent;
    if (answer.results?.[0]?.status !== 'applied') throw new Error(`poke fan-out: the write was not applied: ${JSON.stringify(answer)}`);
    await until(() => streams.every((s) => s.pokes.length >= 2), 10_000, `only ${pokesSeen - before} of ${connections} streams were poked`).catch((error: Error) =>
      options.log(`  ${error.message}`),
    );
    const arrivals = streams.filter((s) => s.pokes.length >= 2).map((s) => s.pokes[1]! - sent);
    await settle();
    const afterPoke = readStatus(pid).rss;
    options.log(
      `  one write poked ${arrivals.length} of ${connections} streams: first ${Math.min(...arrivals).toFixed(1)} ms, last ${Math.max(...arrivals).toFixed(1)} ms after sending it` +
        ` (the write answered in ${writeMs.toFixed(1)} ms); RSS ${(afterPoke / 1024).toFixed(1)} MB`,
    );

    abort.abort();
    await Promise.allSettled(streams.map((s) => s.done));
    await settle();
    const end = readStatus(pid);
    return {
      connections,
      tokens: tokenCount,
      rssKb: { idle, connected, afterPoke, closed: end.rss },
      peakKb: end.hwm,
      connectMs,
      writeMs,
      received: arrivals.length,
      firstPokeMs: arrivals.length ? Math.min(...arrivals) : NaN,
      medianPokeMs: median(arrivals),
      lastPokeMs: arrivals.length ? Math.max(...arrivals) : NaN,
    };
  } finally {
    abort.abort();
    await server.stop();
  }
}
