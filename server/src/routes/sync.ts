import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import { parseOrThrow, readJson } from '../http/errors';
import { applyMutation } from '../sync/apply-mutation';
import { pullChanges } from '../sync/pull';
import { pushRequestSchema, type MutationOutcome } from '../../../shared/sync/messages';

export function syncRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // Applies the device's outbox in order, each mutation in its own transaction. An unexpected
  // failure stops the batch: what came before is answered, the rest stays queued on the device.
  app.post('/push', async (c) => {
    const request = parseOrThrow(pushRequestSchema, await readJson(c));
    const results: MutationOutcome[] = [];
    for (const mutation of request.mutations) {
      try {
        results.push(applyMutation(deps.db, c.get('user'), mutation));
      } catch (error) {
        console.error('push stopped at', mutation.id, error);
        return c.json({ success: true, results, stopped: 'The server could not apply a change; it will be retried.' });
      }
    }
    return c.json({ success: true, results });
  });

  app.get('/pull', (c) => {
    const limit = Number(c.req.query('limit') ?? '') || undefined;
    const pageSize = limit ? Math.min(Math.max(1, Math.trunc(limit)), 2000) : undefined;
    return c.json(pullChanges(deps.db, c.req.query('since'), pageSize));
  });

  return app;
}
