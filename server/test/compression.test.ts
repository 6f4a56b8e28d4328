// Fast arrival (issue 11): assets go as the brotli or gzip copy made at build time, API answers are
// gzipped when the client accepts it, and the poke stream is never held in a compressor's buffer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { makeTempDir, makeTestServer, registerAndLogin, type TestServer } from './helpers';
import { serveClient } from '../src/static-files';

let server: TestServer;
let token: string;
let clientDir: string;
const script = 'const greeting = "hello from the workshop tablet";\n'.repeat(200);

beforeAll(async () => {
  server = await makeTestServer();
  // A built client as `npm run build` leaves it: the files and their .br and .gz copies.
  clientDir = join(makeTempDir(), 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), `<!doctype html><title>Garage</title>${'<p>shell</p>'.repeat(100)}`);
  writeFileSync(join(clientDir, 'assets', 'index-abc.js'), script);
  execFileSync(process.execPath, [join('scripts', 'precompress.mjs'), clientDir]);
  serveClient(server.app, clientDir); // routes first: the router is built at the first request
  token = (await registerAndLogin(server)).token;
  for (let i = 0; i < 30; i++) await server.call('POST', '/api/categories', token, { name: `Category ${i}`, description: 'Brake and clutch parts, fluids and seals' });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string>) => server.app.request(path, { headers });

describe('static assets', () => {
  it.each([
    ['br, gzip', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['identity', null, (body: Buffer) => body],
  ])('Accept-Encoding %s gets %s, which decodes to the file', async (accept, encoding, decode) => {
    const response = await get('/assets/index-abc.js', { 'Accept-Encoding': accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(decode(body).toString()).toBe(script);
    if (encoding) expect(body.length).toBeLessThan(script.length / 10);
  });

  it('serves the app shell for a client route compressed too', async () => {
    const response = await get('/customers', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(readFileSync(join(clientDir, 'index.html'), 'utf8'));
    expect(response.headers.get('cache-control')).toBe('no-cache'); // a new version is noticed on the next visit
  });
});

describe('API answers', () => {
  it('gzips a pull page for a client that accepts it, and sends it plain otherwise', async () => {
    const plain = await get('/api/sync/pull', { token });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainBody = await plain.text();
    const zipped = await get('/api/sync/pull', { token, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await zipped.arrayBuffer());
    expect(JSON.parse(gunzipSync(body).toString())).toEqual(JSON.parse(plainBody));
    expect(body.length).toBeLessThan(plainBody.length / 4);
  });

  it('never compresses the poke stream: its first event arrives at once', async () => {
    const response = await get('/api/sync/events', { token, 'Accept-Encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const first = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
    expect(first && new TextDecoder().decode(first.value)).toContain('event: poke');
    await reader.cancel();
  });
});
