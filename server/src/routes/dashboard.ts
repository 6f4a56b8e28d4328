import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePermission } from '../auth/require-auth';
import { badRequest } from '../http/errors';
import { dashboardSummary } from '../dashboard/summary';
import { openJobs } from '../dashboard/open-jobs';

const defaultOpenLimit = 10;
const maxOpenLimit = 200;

/** The dashboard's figures for API clients (spec 7, Dashboard); the screen computes the same on the device. */
export function dashboardRoutes({ db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  app.get('/summary', async (c) => c.json({ success: true, ...(await dashboardSummary(db, new Date())) }));

  // The spec reads an array; `?limit=` (1 to 200, 10 by default) says how many of the newest.
  app.get('/open', async (c) => {
    const text = c.req.query('limit');
    const limit = text === undefined || text === '' ? defaultOpenLimit : Number(text);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxOpenLimit) throw badRequest(`limit must be a whole number from 1 to ${maxOpenLimit}.`);
    return c.json(await openJobs(db, limit));
  });

  return app;
}
