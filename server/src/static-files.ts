import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built PWA from dist/client. Hashed assets are cached for a year; the service
 * worker and index.html never, so a new version is noticed on the next visit.
 */
export function serveClient(app: Hono<any>, clientDir: string): void {
  if (!existsSync(join(clientDir, 'index.html'))) {
    console.warn(`No built client in ${clientDir}: run "npm run build". Serving the API only.`);
    return;
  }
  app.use(
    '*',
    serveStatic({
      root: clientDir,
      onFound: (path, c) => {
        const immutable = path.includes(`${join(clientDir, 'assets')}`);
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  // Any other GET is a client route (e.g. /customers): the app shell answers it.
  app.get('*', serveStatic({ root: clientDir, path: 'index.html', onFound: (_p, c) => c.header('Cache-Control', 'no-cache') }));
}
