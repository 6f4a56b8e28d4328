// Issue 11's 'usable' (issue 47's goal: < 3 s): right after the login click, with the first sync under
// way, Item Inventory and Customers opened from the side menu of the same app and a term searched in
// each, until each pager shows its total (the server answers until the rows are on the device,
// client/src/lib/use-download-search.ts). Each step's time is kept, so a slow figure says where it went.
import type { Page } from 'playwright';

export interface UsableReport {
  /** Login click → both screens searched. */
  usableMs: number;
  /** The totals the screens showed. */
  searched: { items: number; customers: number };
  /** Each step's end, in ms from the login click. */
  steps: { step: string; ms: number }[];
  /** The requests on the way (login, the download's searches, the first pulls): start and end from the click. */
  requests: { url: string; startMs: number; endMs: number }[];
}

/**
 * Opens a screen (`open`: client-side, from the side menu), waits for its pager (the first answer),
 * types `term` in its search box and waits until the pager's caption shows another total than the
 * unsearched list's; answers that total.
 */
async function searchOnScreen(page: Page, open: () => Promise<unknown>, placeholder: string, term: string, mark: (step: string) => void): Promise<number> {
  await open();
  const box = page.getByPlaceholder(placeholder);
  const caption = page.locator('nav.pager .pager-caption');
  await box.waitFor(); // the screen is there: the pager below is its own, not the last screen's
  await caption.waitFor();
  mark(`${placeholder}: the list's first page`);
  const before = await caption.innerText();
  await box.fill(term);
  await page.waitForFunction(
    (shown) => {
      const text = document.querySelector('nav.pager .pager-caption')?.textContent ?? '';
      return text !== '' && text !== shown;
    },
    before,
    { timeout: 120_000, polling: 'raf' },
  );
  mark(`${placeholder}: '${term}' answered`);
  const total = Number(/of ([\d,]+)/.exec(await caption.innerText())?.[1]?.replace(/,/g, '') ?? NaN);
  if (!Number.isFinite(total)) throw new Error(`no total in the caption after searching '${term}'`);
  return total;
}

/** The usable steps, on a page whose login was clicked at `clickedAt` (Date.now()); the page is left on the dashboard. */
export async function measureUsable(page: Page, clickedAt: number, itemTerm: string, customerTerm: string): Promise<UsableReport> {
  const steps: UsableReport['steps'] = [];
  const mark = (step: string) => steps.push({ step, ms: Date.now() - clickedAt });
  await page.waitForURL('**/dashboard');
  mark('the dashboard');
  const items = await searchOnScreen(
    page,
    async () => {
      await page.getByRole('button', { name: 'Inventory', exact: true }).click();
      await page.getByRole('link', { name: 'Item Inventory', exact: true }).click();
    },
    'Search Items...',
    itemTerm,
    mark,
  );
  const customers = await searchOnScreen(page, () => page.getByRole('link', { name: 'Customers', exact: true }).click(), 'Search Customers...', customerTerm, mark);
  const usableMs = Date.now() - clickedAt;
  const requests = await page.evaluate(
    (from) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/api\/(auth|sync\/search|sync\/pull)/.test(entry.name))
        .map((entry) => ({
          url: entry.name.replace(/^https?:\/\/[^/]+/, '').replace(/&(protocol|tables|client|scope)=[^&]*/g, ''),
          startMs: performance.timeOrigin + entry.startTime - from,
          endMs: performance.timeOrigin + (entry as PerformanceResourceTiming).responseEnd - from,
        })),
    clickedAt,
  );
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  return { usableMs, searched: { items, customers }, steps, requests: requests.filter((request) => request.startMs <= usableMs) };
}

/** The report's lines for a log. */
export function usableLines(report: UsableReport): string[] {
  const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    ...report.steps.map((step) => `${f(step.ms)}  ${step.step}`),
    ...report.requests.map((request) => `  ${f(request.startMs)} → ${f(request.endMs)}  ${request.url.slice(0, 110)}`),
  ];
}
