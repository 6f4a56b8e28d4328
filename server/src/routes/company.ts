import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { parseOrThrow, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { company } from '../db/schema';
import { companyToApi } from '../db/mappers';
import { companyId, companyRecordSchema } from '../../../shared/schemas/company';
import type { SyncedRow } from '../../../shared/sync/tables';

/** What a garage that never saved its details prints with. */
const defaults = { name: '', address: '', phone: '', email: '', logoUrl: '', footer: '', taxRatePercent: 0, pricesIncludeTax: true, receiptLayout: 'square', updatedAt: null };

/** Company Detail (spec 7, Company): one record, read by everyone (printing), saved by Admin and Manager. */
export function companyRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission('operate'), (c) => {
    const row = deps.db.select().from(company).where(eq(company.id, companyId)).get();
    const saved = row && !row.deleted ? companyToApi(row as SyncedRow) : null;
    return c.json({ success: true, company: saved ?? defaults });
  });

  app.put('/', async (c) => {
    const body = await readJson(c);
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    // The API saves the whole form (devices send only changed fields); a body without logoUrl keeps the stored logo.
    parseOrThrow(companyRecordSchema, { ...fields, id: companyId });
    const row = runMutation(c, deps, 'saveCompany', { ...fields, id: companyId }) as SyncedRow;
    return c.json({ success: true, message: 'Company details saved.', company: companyToApi(row) });
  });

  return app;
}
