import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { median } from './browser';

export interface RouteTiming {
  label: string;
  path: string;
  status: number;
  /** Response size in bytes (uncompressed JSON). */
  bytes: number;
  medianMs: number;
  maxMs: number;
}

export interface ServerReport {
  routes: RouteTiming[];
  /** Every pull page from cursor zero, one after another, as a device's first sync asks them. */
  fullPull: { pages: number; rows: number; ms: number };
  /** The same full pull as a browser fetches it (Accept-Encoding: gzip): bytes on the wire and decoded. */
  feedBytes?: { wire: number; raw: number };
}

/** One GET with Accept-Encoding: gzip, counting the bytes as they come off the socket. */
function getCompressed(baseUrl: string, path: string, token: string): Promise<{ wire: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers: { token, 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(wire).toString() : wire.toString();
        resolve({ wire: wire.length, body });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A first sync's change feed, page after page, as it crosses the network compressed. */
async function measureFeedBytes(baseUrl: string, token: string): Promise<{ wire: number; raw: number }> {
  let cursor = '';
  let wire = 0;
  let raw = 0;
  for (;;) {
    const page = await getCompressed(baseUrl, `/api/sync/pull?since=${encodeURIComponent(cursor)}`, token);
    wire += page.wire;
    raw += Buffer.byteLength(page.body);
    const parsed = JSON.parse(page.body) as { cursor: string; hasMore: boolean };
    cursor = parsed.cursor;
    if (!parsed.hasMore) return { wire, raw };
  }
}

async function timed(baseUrl: string, path: string, token: string): Promise<{ ms: number; status: number; body: string }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { token } });
  const body = await response.text();
  return { ms: performance.now() - start, status: response.status, body };
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`login failed: ${response.status} ${body.message}`);
  return body.token;
}

/** Times the server's pull pages and the REST searches (each repeated, median and max). */
export async function measureServer(
  baseUrl: string,
  token: string,
  searches: { items: string[]; customers: string[] },
  repeats = 5,
  /** More routes to time the same way (the job card reads, when the seed has jobs). */
  extra: { label: string; path: string }[] = [],
): Promise<ServerReport> {
  const routes: RouteTiming[] = [];
  const measure = async (label: string, path: string) => {
    await timed(baseUrl, path, token); // warm-up
    const runs = [];
    for (let i = 0; i < repeats; i++) runs.push(await timed(baseUrl, path, token));
    const last = runs.at(-1)!;
    routes.push({
      label,
      path,
      status: last.status,
      bytes: Buffer.byteLength(last.body),
      medianMs: median(runs.map((r) => r.ms)),
      maxMs: Math.max(...runs.map((r) => r.ms)),
    });
  };

  // A full pull from zero: pages in order, as the first sync of a new device runs them. Cursors are
  // `{serverId}:{version}:{nonce}`; a cursor the server does not recognise answers a reset (from zero
  // again), so a reset here would loop forever: it stops the bench instead.
  let cursor = '';
  const cursors: string[] = [];
  let pages = 0;
  let rows = 0;
  const fullStart = performance.now();
  for (;;) {
    const page = JSON.parse((await timed(baseUrl, `/api/sync/pull?since=${encodeURIComponent(cursor)}`, token)).body) as {
      cursor: string;
      hasMore: boolean;
      reset: boolean;
      resetReason?: string;
      changes: unknown[];
    };
    if (page.reset) throw new Error(`the pull answered a reset (${page.resetReason}) to its own cursor ${cursor}`);
    pages += 1;
    rows += page.changes.length;
    cursor = page.cursor;
    cursors.push(cursor);
    if (!page.hasMore) break;
  }
  const fullPull = { pages, rows, ms: performance.now() - fullStart };
  const feedBytes = await measureFeedBytes(baseUrl, token);

  await measure('pull: first page (500 rows)', '/api/sync/pull?since=');
  await measure('pull: page from the middle', `/api/sync/pull?since=${encodeURIComponent(cursors[Math.floor((cursors.length - 1) / 2)]!)}`);
  await measure('pull: up to date (empty page)', `/api/sync/pull?since=${encodeURIComponent(cursor)}`);
  for (const term of searches.items) {
    await measure(`GET /api/items?search=${term}&limit=50`, `/api/items?search=${encodeURIComponent(term)}&limit=50&page=1`);
  }
  await measure(`GET /api/items?search=${searches.items[0]} (all matches)`, `/api/items?search=${encodeURIComponent(searches.items[0]!)}`);
  for (const term of searches.customers) {
    await measure(`GET /api/customers?search=${term}`, `/api/customers?search=${encodeURIComponent(term)}`);
  }
  // The device's own search, answered by the server while a new device downloads (issue 11): the whole
  // list, a common word, a one-letter search (nearly every row narrowed in SQL and checked here).
  for (const [table, term] of [
    ['items', ''],
    ['items', searches.items[0]!],
    ['items', 'b'],
    ['customers', searches.customers[0]!],
    ['customers', 'k'],
  ] as const) {
    await measure(`GET /api/sync/search?table=${table}&search=${term}&limit=50`, `/api/sync/search?table=${table}&search=${encodeURIComponent(term)}&page=1&limit=50`);
  }
  for (const route of extra) await measure(route.label, route.path);
  return { routes, fullPull, feedBytes };
}
