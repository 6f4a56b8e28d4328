import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppDeps, AppEnv } from './http/context';
import { HttpError, errorResponse } from './http/errors';
import { noStoreForApi, securityHeaders } from './http/security-headers';
import { serverTime } from './http/server-time';
import { requireAuth } from './auth/require-auth';
import { logoutRoute, userAuthRoutes } from './routes/user-auth';
import { entityRoutes, restEntities } from './routes/entity-routes';
import { syncRoutes } from './routes/sync';
import { ChangeNotifier } from './sync/change-notifier';
import { customerRoutes } from './routes/customers';
import { itemRoutes } from './routes/items';
import { staffRoutes } from './routes/staff';
import { companyLogoRoute, companyRoutes } from './routes/company';
import { jobCardRoutes } from './routes/job-cards/routes';
import { salesRoutes } from './routes/sales';
import { returnRoutes } from './routes/returns';
import { expenseRoutes } from './routes/expenses';
import { purchaseOrderRoutes } from './routes/purchase-orders';
import { payablesRoutes } from './routes/payables';
import { dashboardRoutes } from './routes/dashboard';
import { stockReportRoutes } from './routes/stock-report';

const oneMegabyte = 1024 * 1024;
// Routes that carry a company logo (a data URL of up to 2 MB) get room for it; others do not.
const largeBodyPaths = ['/api/company', '/api/sync/push'];
// A whole exported outbox is checked at once (its signature covers every entry): a long day's file.
const fileBodyPaths = ['/api/sync/import/check'];

/** The whole API as one Hono app: middleware, one sub-app per domain, one error handler. */
export function createApp(options: Omit<AppDeps, 'changes'> & { changes?: ChangeNotifier }) {
  const deps: AppDeps = { ...options, changes: options.changes ?? new ChangeNotifier() };
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders);
  app.use('/api/*', noStoreForApi);
  app.use('/api/*', serverTime);

  app.use('/api/*', async (c, next) => {
    const maxSize = fileBodyPaths.includes(c.req.path) ? 32 * oneMegabyte : largeBodyPaths.includes(c.req.path) ? 6 * oneMegabyte : oneMegabyte;
    return bodyLimit({
      maxSize,
      onError: () => {
        throw new HttpError(413, `The request is too large (limit ${maxSize / oneMegabyte} MB).`);
      },
    })(c, next);
  });

  // API answers go gzipped to a client that accepts it (a pull page of 500 rows shrinks about ten
  // times); never the poke stream, whose events must not wait in a compressor's buffer.
  app.use('/api/*', compress({ contentTypeFilter: (type) => !type.startsWith('text/event-stream') && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) }));

  app.get('/api/health', (c) => c.json({ ok: true }));
  app.route('/api/user', userAuthRoutes(deps));
  // A report's PDF opens in a new tab: it checks the session header or a short-lived signed link itself.
  const stockReport = stockReportRoutes(deps);
  app.route('/api/stock-report', stockReport.opened);

  app.route('/api/company', companyLogoRoute(deps));

  app.use('/api/*', requireAuth(deps));
  app.route('/api/user', logoutRoute(deps));
  app.route('/api/user', staffRoutes(deps));
  // Every plain entity that declares REST routes (shared/entities: `rest`), at /api/<its list's key>.
  for (const entity of restEntities) app.route(`/api/${entity.rest!.many}`, entityRoutes(deps, entity));
  app.route('/api/customers', customerRoutes(deps));
  app.route('/api/items', itemRoutes(deps));
  app.route('/api/company', companyRoutes(deps));
  app.route('/api/job-cards', jobCardRoutes(deps));
  app.route('/api/sales', salesRoutes(deps));
  app.route('/api/returns', returnRoutes(deps));
  app.route('/api/expenses', expenseRoutes(deps));
  app.route('/api/purchase-orders', purchaseOrderRoutes(deps));
  app.route('/api/payables', payablesRoutes(deps));
  app.route('/api/dashboard', dashboardRoutes(deps));
  app.route('/api/stock-report', stockReport.authenticated);
  app.route('/api/sync', syncRoutes(deps));

  app.all('/api/*', (c) => c.json({ success: false, message: `No such API route: ${c.req.method} ${c.req.path}` }, 404));
  app.onError(errorResponse);
  return app;
}
