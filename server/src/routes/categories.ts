import { Hono } from 'hono';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { readJson } from '../http/errors';
import { runMutation, withId } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { categories } from '../db/schema';
import { categoryToApi } from '../db/mappers';
import type { SyncedRow } from '../../../shared/sync/tables';

export function categoryRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission('viewCatalog'), (c) => {
    const rows = deps.db.select().from(categories).where(eq(categories.deleted, false)).orderBy(asc(categories.name)).all();
    return c.json({ success: true, categories: rows.map((row) => categoryToApi(row as SyncedRow)) });
  });

  app.post('/', async (c) => {
    const row = runMutation(c, deps, 'createCategory', withId(await readJson(c))) as SyncedRow;
    return c.json({ success: true, message: 'Category added successfully!', category: categoryToApi(row) }, 201);
  });

  app.put('/:id', async (c) => {
    const row = runMutation(c, deps, 'updateCategory', withId(await readJson(c), c.req.param('id'))) as SyncedRow;
    return c.json({ success: true, message: 'Category updated successfully!', category: categoryToApi(row) });
  });

  app.delete('/:id', (c) => {
    runMutation(c, deps, 'deleteCategory', { id: c.req.param('id') });
    return c.json({ success: true, message: 'Category deleted successfully!' });
  });

  return app;
}
