import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { outboxCount, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { updateRequiredMessage } from '@shared/sync/protocol';

// Issue 22: a build the server no longer serves is told to update in words, and what it saved
// meanwhile waits on the device and is sent after the update (the reload).

const run = Date.now().toString(36).slice(-5);

test('a build too old for the server: the update prompt says so, and the change waits for the reload', async ({ browser, request }, testInfo) => {
  const token = await adminToken(request);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await loginAs(page, admin);
  await waitForSynced(page);

  // The server moved on: it answers this build's pushes and pulls 426, as server/src/sync/device-build.ts does below its minimum.
  // It stops answering 426 only when the page reloads (the update): were the route lifted before the
  // click, any sync between the two (a poke, the network coming back) would clear the prompt first.
  let updated = false;
  const sync = (url: URL) => /\/api\/sync\/(push|pull)$/.test(url.pathname);
  await context.route(sync, (route) =>
    updated ? route.continue() : route.fulfill({ status: 426, contentType: 'application/json', body: JSON.stringify({ success: false, message: updateRequiredMessage }) }),
  );

  const name = `Waiting for the update ${run}`;
  await page.goto('/categories');
  await page.getByRole('button', { name: '+ Add New Category' }).click();
  await page.getByRole('dialog').getByLabel('Category Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();

  const prompt = page.getByRole('alert').filter({ hasText: updateRequiredMessage });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('sync-indicator')).toContainText('Update needed');
  await snap(page, testInfo, 'update-required-01-prompt');
  expect(await outboxCount(page)).toBe(1);
  const names = async () => (await api<{ categories: { name: string }[] }>(request, token, 'get', '/api/categories')).categories.map((c) => c.name);
  expect(await names()).not.toContain(name);

  // Reload fetches the update (the server serves the new build): the change goes out once.
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) updated = true;
  });
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await waitForSynced(page);
  await expect(prompt).toBeHidden();
  expect((await names()).filter((candidate) => candidate === name)).toHaveLength(1);
  await context.close();
});
