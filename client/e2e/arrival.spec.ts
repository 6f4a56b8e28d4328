import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { apiLogin } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';

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
    sizes.set(path, response.body().then((body) => body.length, () => 0));
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
