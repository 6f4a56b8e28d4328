// Issue 24 point 14: the app and the API answer with the browser's protections switched on, API
// answers are never kept in a cache, and the app's source maps are not handed out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, makeTestServer, type TestServer } from './helpers';
import { serveClient } from '../src/static-files';
import viteConfig from '../../vite.config';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await makeTestServer();
  const clientDir = join(makeTempDir(), 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Garage</title>');
  writeFileSync(join(clientDir, 'assets', 'index-abc.js'), 'console.log(1);\n//# sourceMappingURL=index-abc.js.map\n');
  writeFileSync(join(clientDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["../../client/src/main.tsx"],"sourcesContent":["secret source"]}');
  serveClient(server.app, clientDir);
  token = (await server.userWithRole('Admin')).token;
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers });

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const everyAnswer: [string, string, Record<string, string>][] = [
  ['the app shell', '/customers', {}],
  ['an asset', '/assets/index-abc.js', {}],
  ['an API answer', '/api/health', {}],
  ['an API answer with personal data', '/api/customers', {}],
  ['an API refusal', '/api/customers', { token: 'nope' }],
];

describe('every answer', () => {
  it.each(everyAnswer)('%s is not sniffed, framed or referred', async (_what, path, headers) => {
    const response = await get(path, { token, ...headers });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // The shop's server is often plain HTTP or a self-signed certificate: HSTS would lock tablets out.
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the app', () => {
  it('has a Content-Security-Policy that lets the PWA run and nothing else in', async () => {
    const csp = directives((await get('/customers')).headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // WebAssembly (HarfBuzz in the PDF worker) may be compiled; JavaScript may not be eval'd.
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // The company logo is a data: URL; the client-built PDFs are blob: URLs, made in a worker.
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'"]));
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('does not serve source maps, and the build makes none', async () => {
    const response = await get('/assets/index-abc.js.map');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret source');
    expect(viteConfig.build?.sourcemap).toBe(false);
  });
});

describe('API answers', () => {
  it.each([
    ['GET /api/customers', 'GET', '/api/customers'],
    ['GET /api/user (the staff list)', 'GET', '/api/user'],
    ['GET /api/sync/pull', 'GET', '/api/sync/pull'],
    ['GET /api/health', 'GET', '/api/health'],
    ['an unknown API route', 'GET', '/api/nothing-here'],
  ])('%s is never stored in a cache', async (_what, method, path) => {
    const response = await server.app.request(path, { method, headers: { token } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a refusal is never stored either', async () => {
    const response = await server.request('POST', '/api/customers', { token, body: { customerName: '' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
