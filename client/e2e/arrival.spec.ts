import { randomUUID } from 'node:crypto';
import type { Request } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api, apiLogin, serverCategories } from './support/server-api';
import { storeCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { customerBody, itemBody } from '../../tests/factories';

// Fast arrival (issue 11): the built app's assets travel as brotli, API answers as gzip, and an
// installed app still starts offline from what its service worker stored.
test('assets arrive brotli-compressed, API answers gzipped, and the app still starts offline', async ({ page, context, request }) => {
  const registered = await request.post('/api/user/register', { data: admin });
  expect([201, 409]).toContain(registered.status());
  await apiLogin(request, admin.email, admin.password);

  const encodings = new Map<string, string | undefined>();
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!/^\/assets\/.+\.(js|css)$/.test(path) && !path.startsWith('/api/sync/pull')) return;
    encodings.set(path, response.headers()['content-encoding']);
    sizes.set(
      path,
      response.body().then(
        (body) => body.length,
        () => 0,
      ),
    );
  });
  await loginAs(page, admin);
  await waitForSynced(page);

  // Every asset worth compressing (1 kB and more: smaller ones gain nothing) comes as brotli.
  const assets = [...encodings].filter(([path]) => path.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(2);
  for (const [path, encoding] of assets) if ((await sizes.get(path)!) >= 1024) expect(encoding, path).toBe('br');
  expect(assets.filter(([, encoding]) => encoding === 'br').length).toBeGreaterThan(2);
  const pulls = [...encodings].filter(([path]) => path.startsWith('/api/sync/pull'));
  expect(pulls.length).toBeGreaterThan(0);
  for (const [path, encoding] of pulls) expect(encoding, path).toBe('gzip');

  // Installed: with the network gone, a reload starts from what the service worker stored.
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.top-bar .greeting')).toHaveText(`Hi, ${admin.name}`);
  await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
  await context.setOffline(false);
});

// A new tablet's first sync, cut off by the Wi-Fi after its first page: the top bar shows the
// progress, and back online it carries on from its cursor (no page asked for twice) to the end.
test('a first sync cut off halfway resumes where it stopped, with its progress shown, and ends complete', async ({ page, context, request }) => {
  const token = await apiLogin(request, admin.email, admin.password);
  // 1,200 categories from another device, in 12 pushes of 100: the first sync is several pages.
  const clientId = `seed-${randomUUID()}`;
  const seeded: string[] = [];
  for (let batch = 0; batch < 12; batch++) {
    const mutations = Array.from({ length: 100 }, (_, i) => {
      const id = randomUUID();
      seeded.push(id);
      return {
        id: randomUUID(),
        clientId,
        seq: batch * 100 + i + 1,
        name: 'createCategory',
        args: { id, name: `Arrival ${clientId.slice(5, 13)} ${batch * 100 + i}`, description: '' },
        createdAt: new Date().toISOString(),
        touches: [`categories:${id}`],
      };
    });
    const pushed = await request.post('/api/sync/push', { headers: { token }, data: { clientId, mutations } });
    expect(pushed.status(), await pushed.text()).toBe(200);
  }
  const onServer = (await serverCategories(request, token)).length;

  const pulls: { url: string; changes: number; hasMore: boolean }[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/sync/pull')) return;
    const body = (await response.json().catch(() => null)) as { changes?: unknown[]; hasMore?: boolean } | null;
    pulls.push({ url: response.url(), changes: body?.changes?.length ?? -1, hasMore: body?.hasMore ?? false });
  });
  // The second pull request waits until the test has seen the progress, then the Wi-Fi goes.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  // Pages of 500 (the app asks for 2,000), so these 1,200 categories make several pages.
  const smallPages = (url: string) => url.replace(/([?&]limit=)\d+/, '$1500');
  await page.route('**/api/sync/pull?**', async (route) => {
    asked += 1;
    if (asked !== 2) return route.continue({ url: smallPages(route.request().url()) });
    await released;
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  });

  await loginAs(page, admin);
  const indicator = page.getByTestId('sync-indicator');
  await expect(indicator).toContainText(/Downloading… \d{1,2}%/);
  const shown = Number(/(\d+)%/.exec((await indicator.textContent()) ?? '')![1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(100);
  // The app's worker takes this first visit under its control once installed (clientsClaim): the
  // screens not opened yet still load from its precache after the Wi-Fi goes.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 20_000 }).toBe('activated');
  release();
  await expect(indicator).toContainText('Offline');
  const partial = await storeCount(page, 'categories');
  expect(partial).toBeGreaterThan(0);
  expect(partial).toBeLessThan(onServer);
  // Offline, the screens work with what arrived.
  await page.locator('aside a[href="/categories"], nav a[href="/categories"]').first().click();
  await expect(page.locator('main table tbody tr').first()).toBeVisible();

  const before = pulls.length;
  await page.unroute('**/api/sync/pull?**');
  await context.setOffline(false);
  await waitForSynced(page, 60_000);
  expect(await storeCount(page, 'categories')).toBe((await serverCategories(request, token)).length);
  // The download's own requests: up to the end of its second part (later syncs ask for a count again).
  const after = pulls.slice(before);
  const end = after.findIndex((pull) => !pull.hasMore && !/priority=(only|open)/.test(pull.url));
  expect(end).toBeGreaterThanOrEqual(0);
  const resumed = after.slice(0, end + 1);
  // From where it stopped: a cursor in the first request after the break, and no count asked again.
  expect(resumed[0]!.url).not.toMatch(/since=(&|$)/);
  expect(resumed.some((pull) => pull.url.includes('count=1'))).toBe(false);
  await expect(indicator).not.toContainText('Downloading');
});

// Online but the shop PC slow to answer (a congested Wi-Fi): a reload shows the device's own data at
// once, it never waits for the network first. The server process is frozen until the test lets it go.
test('with the server not answering, a reload still shows the dashboard from the device at once', async ({ page, garage }) => {
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await page.goto('/dashboard');
  await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
  const figures = await page.locator('.summary-value').allTextContents();

  // What the reloaded page asks the server (its requests begin once its document replaced the old
  // one): asked, and while the server is held none answered and none given up (a fallback after a
  // time-out would show as a failed request).
  let reloaded = false;
  const asked = new Set<Request>();
  const ended: string[] = [];
  page.on('framenavigated', (frame) => void (frame === page.mainFrame() && (reloaded = true)));
  page.on('request', (request) => void (reloaded && request.url().includes('/api/') && asked.add(request)));
  page.on('requestfinished', (request) => void (asked.has(request) && ended.push(`answered ${request.url()}`)));
  page.on('requestfailed', (request) => void (asked.has(request) && ended.push(`failed ${request.url()}`)));
  garage.hold();
  try {
    await page.reload();
    await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
    await expect(page.locator('.summary-value')).toHaveText(figures);
    await expect(page.locator('.top-bar .greeting')).toHaveText(`Hi, ${admin.name}`);
    await expect.poll(() => asked.size, { message: 'the app did ask the server (and was kept waiting)' }).toBeGreaterThan(0);
    expect(ended, 'an API request ended while the server was held').toEqual([]);
  } finally {
    garage.release();
  }
});

// A new tablet whose download has not brought the catalogue yet: Item Inventory and Customers search
// on the server (the same rules and order as the device's own search), offline they show what
// arrived, and once the rows are on the device the device answers the same.
test('while a new tablet downloads, Item Inventory and Customers search on the server; offline they show what arrived', async ({ page, context, request }) => {
  const token = await adminToken(request);
  const run = randomUUID().slice(0, 8);
  const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Arrival ${run}`, description: '' })).category;
  for (const n of [3, 1, 2]) await api(request, token, 'post', '/api/items', itemBody(category._id, { itemName: `Arrivalpart ${run} ${n}` }));
  await api(request, token, 'post', '/api/customers', customerBody(`Arrival Customer ${run}`, '0771239876', `ARR-${run.slice(0, 4)}`));

  // The download's pulls wait until the test lets them go: nothing of the catalogue reaches the device.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sync/pull?**', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  const searches: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/sync/search')) searches.push(sent.url());
  });

  await loginAs(page, admin);
  await page.getByRole('button', { name: 'Inventory', exact: true }).click();
  await page.getByRole('link', { name: 'Item Inventory', exact: true }).click();
  const itemRows = page.locator('table.items-table tbody tr');
  await page.getByPlaceholder('Search Items...').fill(`arrivalpart ${run}`);
  await expect(page.locator('.pager-caption')).toHaveText('Showing 1 - 3 of 3');
  // The name cell: the item's name, then the columns folded under it at this width (issue 25).
  await expect(itemRows.locator('td:nth-child(2)')).toHaveText(
    [1, 2, 3].map((n) => new RegExp(`^Arrivalpart ${run} ${n}(\\s|$)`)),
    { useInnerText: true },
  );
  // Its category is not on the device either: the server's answer names it.
  await expect(itemRows.locator('td:nth-child(3)')).toHaveText(
    [1, 2, 3].map(() => `Arrival ${run}`),
    { useInnerText: true },
  );
  expect(await storeCount(page, 'items'), 'answered by the server: no item is on the device yet').toBe(0);
  expect(searches.some((url) => url.includes('table=items'))).toBe(true);

  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  // The heading counts the server's customers too, not the none that have arrived.
  const customersOnServer = (await api<{ total: number }>(request, token, 'get', '/api/customers')).total;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Customers (${customersOnServer})`);
  await page.getByPlaceholder('Search Customers...').fill('0771239876');
  await expect(page.locator('.pager-caption')).toHaveText('Showing 1-1 of 1');
  await expect(page.locator('main table tbody tr').first()).toContainText(`Arrival Customer ${run}`);

  // Offline: the device's own rows answer, and none has arrived.
  await context.setOffline(true);
  await expect(page.locator('main table tbody tr')).toHaveText(['No customers found.']);

  // Back online with the download let go: the rows land and the device answers the same search.
  await context.setOffline(false);
  release();
  await page.unroute('**/api/sync/pull?**');
  await waitForSynced(page, 60_000);
  const asked = searches.length;
  await expect(page.locator('.pager-caption')).toHaveText('Showing 1-1 of 1');
  await expect(page.locator('main table tbody tr').first()).toContainText(`Arrival Customer ${run}`);
  await page.getByPlaceholder('Search Customers...').fill(`arrival customer ${run}`);
  await expect(page.locator('.pager-caption')).toHaveText('Showing 1-1 of 1');
  expect(searches.length, 'the device answers once its rows are there').toBe(asked);
  expect(await storeCount(page, 'customers')).toBeGreaterThan(0);
});
