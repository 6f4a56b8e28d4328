import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { HttpError, badRequest } from '../http/errors';
import { assertCan, requirePermission, sessionExpiredMessage } from '../auth/require-auth';
import { tokenFromHeaders, userForToken, type AuthUser } from '../auth/tokens';
import { createLinkSigner, type LinkSigner } from '../auth/signed-links';
import type { Db } from '../db/connection';
import { users } from '../db/schema';
import { itemToApi } from '../db/mappers';
import { belowReorderItems, lowStockItems, toLowStockLine } from '../reports/low-stock-items';
import { pdfLibrary } from '../reports/pdf-library';
import { buildReportPdf, reportScripts } from '@shared/reports/report-pdf';
import { projectRow } from '@shared/sync/read-scope';
import { belowReorderView, lowStockPdfContent, lowStockWords, parseThreshold, parseView, type LowStockView } from '@shared/reports/low-stock';

/** How long a report link opens the PDF: long enough to open a tab, too short to be worth copying. */
export const reportLinkTtlMs = 60_000;
const pdfPath = '/low-stock-items/report.pdf';
const linkPurpose = 'low-stock-items/report.pdf';

function readThreshold(text: string | undefined) {
  const result = parseThreshold(text);
  if (!result.ok) throw badRequest(result.message);
  return result;
}

/** The view asked for and, for the spec's, its threshold; the reorder view has none. */
function readReport(query: (name: string) => string | undefined) {
  const view = parseView(query('view'));
  if (!view.ok) throw badRequest(view.message);
  return { view: view.view, ...readThreshold(view.view === belowReorderView ? undefined : query('threshold')) };
}

/** The rows of a view, emptiest first. */
const rowsOf = async (db: Db, view: LowStockView, hundredths: number) => (view === belowReorderView ? belowReorderItems(db) : lowStockItems(db, hundredths));

/** What a link signs: the threshold of the spec's view, or the reorder view (with no threshold), and the user. */
const linkParams = (view: LowStockView, threshold: string, user: string): Record<string, string> => (view === belowReorderView ? { view, user } : { threshold, user });

const linkRefused = {
  expired: 'This report link has expired. Open the report again from the Low Stock Report.',
  invalid: 'This report link is not valid. Open the report again from the Low Stock Report.',
};

/** The active user a signed link names, else a 401 saying why (no session, expired, tampered with). */
async function userFromLink(db: Db, signer: LinkSigner, query: Record<string, string>): Promise<AuthUser> {
  if (query.signature === undefined) throw new HttpError(401, sessionExpiredMessage);
  const view = query.view === belowReorderView ? belowReorderView : 'threshold';
  const check = signer.check(linkPurpose, linkParams(view, query.threshold ?? '', query.user ?? ''), query);
  if (check !== 'valid') throw new HttpError(401, linkRefused[check]);
  const user = await db.select().from(users).where(eq(users.id, query.user!)).get();
  if (!user?.status) throw new HttpError(401, linkRefused.invalid);
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** The session header when it is valid (an API client), else the signed link (a browser tab). */
async function reportUser(c: Context<AppEnv>, db: Db, signer: LinkSigner): Promise<AuthUser> {
  const token = tokenFromHeaders((name) => c.req.header(name));
  return (token && (await userForToken(db, token))) || (await userFromLink(db, signer, c.req.query()));
}

/**
 * The Low Stock Report over HTTP (spec 7): the list, the server-made PDF, and the short-lived link
 * that lets a new browser tab open that PDF without the session token in its address. `opened` is
 * mounted before the app's session check (report.pdf checks the header or the link itself); the
 * rest after it.
 */
export function stockReportRoutes({ db }: AppDeps) {
  const signer = createLinkSigner();
  const opened = new Hono<AppEnv>();
  const authenticated = new Hono<AppEnv>();

  // An array, as the spec says: live items below the threshold (or, ?view=reorder, below their
  // reorder level), emptiest first, with the category name.
  authenticated.get('/low-stock-items', requirePermission('viewCatalog'), async (c) => {
    const { view, hundredths } = readReport((name) => c.req.query(name));
    const role = c.get('user').role;
    return c.json((await rowsOf(db, view, hundredths)).map(({ item, categoryName }) => itemToApi(item, role, categoryName)));
  });

  authenticated.post('/low-stock-items/report-link', requirePermission('viewCatalog'), (c) => {
    const { view, threshold } = readReport((name) => c.req.query(name));
    const params = linkParams(view, String(threshold), c.get('user').id);
    const { expires, signature } = signer.sign(linkPurpose, params, reportLinkTtlMs);
    const query = new URLSearchParams({ ...params, expires, signature });
    return c.json({ success: true, url: `/api/stock-report${pdfPath}?${query}`, expiresAt: new Date(Number(expires)).toISOString() });
  });

  opened.get(pdfPath, async (c) => {
    const user = await reportUser(c, db, signer);
    assertCan(user, 'viewCatalog');
    const { view, threshold, hundredths } = readReport((name) => c.req.query(name));
    const words = lowStockWords(view, threshold);
    // The PDF's lines name no cost; projected all the same, so a column added to them later cannot leak.
    const lines = (await rowsOf(db, view, hundredths)).map((row) => toLowStockLine({ ...row, item: projectRow('items', row.item, user.role) }));
    const content = lowStockPdfContent(lines, new Date(), words);
    const doc = buildReportPdf(await pdfLibrary(reportScripts(content)), content);
    return c.body(new Uint8Array(doc.output('arraybuffer')), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${words.fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });

  return { opened, authenticated };
}
