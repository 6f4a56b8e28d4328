import { Hono } from 'hono';
import { and, asc, eq, or } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { readJson } from '../http/errors';
import { containsPattern, likeEscaped } from '../http/query-params';
import { runMutation, withId } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { services } from '../db/schema';
import { serviceToApi } from '../db/mappers';
import type { SyncedRow } from '../../../shared/sync/tables';

export function serviceRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  const list = (term: string) => {
    const pattern = containsPattern(term);
    const matches = term ? or(likeEscaped(services.serviceId, pattern), likeEscaped(services.name, pattern)) : undefined;
    return db
      .select()
      .from(services)
      .where(and(eq(services.deleted, false), matches))
      .orderBy(asc(services.serviceId))
      .all()
      .map((row) => serviceToApi(row as SyncedRow));
  };

  app.get('/', requirePermission('viewCatalog'), (c) => c.json({ success: true, services: list('') }));

  app.get('/search', requirePermission('viewCatalog'), (c) => {
    return c.json({ success: true, services: list(c.req.query('term')?.trim() ?? '') });
  });

  // The readable SRV-0001 is assigned by the server inside the create (see entity-rules).
  app.post('/', async (c) => {
    const row = runMutation(c, deps, 'createService', withId(await readJson(c))) as SyncedRow;
    return c.json({ success: true, message: 'Service created', service: serviceToApi(row) }, 201);
  });

  app.put('/:id', async (c) => {
    const row = runMutation(c, deps, 'updateService', withId(await readJson(c), c.req.param('id'))) as SyncedRow;
    return c.json({ success: true, message: 'Service updated', service: serviceToApi(row) });
  });

  app.delete('/:id', (c) => {
    runMutation(c, deps, 'deleteService', { id: c.req.param('id') });
    return c.json({ success: true, message: 'Service deleted' });
  });

  return app;
}
