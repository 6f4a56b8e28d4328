import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { parseOrThrow, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { company } from '../db/schema';
import { companyToApi } from '../db/mappers';
import { findLogo } from '../mutations/company-logo';
import { companyId, companyRecordSchema } from '@shared/schemas/company';
import type { SyncedRow } from '@shared/sync/tables';
import { whatsappTemplateKeys } from '@shared/domain/whatsapp-templates';

/** What a garage that never saved its details prints with. */
const defaults = {
  name: '',
  address: '',
  phone: '',
  email: '',
  logoUrl: '',
  footer: '',
  taxRatePercent: 0,
  pricesIncludeTax: true,
  receiptLayout: 'square',
  expenseCategories: '',
  vatNumber: '',
  itemisedReceipt: false,
  roundCash: false,
  ...Object.fromEntries(whatsappTemplateKeys.map((key) => [key, ''])),
  updatedAt: null,
};

/** Company Detail (spec 7, Company): one record, read by everyone (printing), saved by Admin and Manager. */
export function companyRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', requirePermission('operate'), async (c) => {
    const row = await deps.db.select().from(company).where(eq(company.id, companyId)).get();
    const saved = row && !row.deleted ? companyToApi(row as SyncedRow) : null;
    return c.json({ success: true, company: saved ?? defaults });
  });

  app.put('/', async (c) => {
    const body = await readJson(c);
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    // The API saves the whole form (devices send only changed fields); a body without logoUrl keeps the stored logo.
    parseOrThrow(companyRecordSchema, { ...fields, id: companyId });
    const row = (await runMutation(c, deps, 'saveCompany', { ...fields, id: companyId })) as SyncedRow;
    return c.json({ success: true, message: 'Company details saved.', company: companyToApi(row) });
  });

  return app;
}

/**
 * A saved logo's image (mutations/company-logo.ts), without a session: printed documents load it as an
 * <img>, which sends no token, and it is printed on every invoice anyway. A logo's id never names
 * other bytes, so the answer is cached for good (the service worker keeps it for offline printing).
 */
export function companyLogoRoute(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/logo/:id', async (c) => {
    const dataUrl = await findLogo(deps.db, c.req.param('id'));
    const match = dataUrl?.match(/^data:(image\/[a-z+.-]+);base64,(.*)$/s);
    if (!match) return c.json({ success: false, message: 'Logo not found.' }, 404);
    const bytes = Buffer.from(match[2]!, 'base64');
    return c.body(bytes, 200, {
      'Content-Type': match[1]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // An SVG logo is shown as an image, never run as a page of this origin.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
  return app;
}
