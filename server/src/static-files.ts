import type { Env, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built PWA from dist/client. Hashed assets are cached for a year; the service
 * worker and index.html never, so a new version is noticed on the next visit. Each file goes as
 * the brotli or gzip copy made at build time (scripts/precompress.mjs) when the browser accepts it.
 */
export function serveClient<E extends Env>(app: Hono<E>, clientDir: string): void {
  if (!existsSync(join(clientDir, 'index.html'))) {
    console.warn(`No built client in ${clientDir}: run "npm run build". Serving the API only.`);
    return;
  }
  // Set on the way out: serveStatic's onFound runs after its response is made, too late for a header.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || !c.res.ok) return;
    c.res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
  // Source maps are never handed out (a build from before they were switched off may hold some).
  app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.text('Not found', 404) : next()));
  app.use('*', serveStatic({ root: clientDir, precompressed: true }));
  // Any other GET is a client route (e.g. /customers): the app shell answers it.
  app.get('*', serveStatic({ root: clientDir, path: 'index.html', precompressed: true }));
}
