import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { admin } from './support/users';

// A screen's code that fails to load once (a Wi-Fi blip; in Chromium also a chunk the service worker
// served that came back aborted) must not leave the screen saying it is not on this device: the app
// reloads once by itself. The worker is kept out so the test can fail the chunk's own request.
test.use({ serviceWorkers: 'block' });

const expensesChunk = '**/assets/expenses-page-*.js';

test('a screen whose code failed to load once opens after one reload by itself', async ({ page }) => {
  await loginAs(page, admin);
  let asked = 0;
  await page.route(expensesChunk, (route) => (++asked === 1 ? route.abort('failed') : route.continue()));
  await page.goto('/transaction/expenses');
  await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
  expect(asked).toBe(2);
  await expect(page.getByRole('heading', { name: /^This screen (is not on this device yet|could not be loaded)$/ })).toHaveCount(0);
});

test('a screen whose code fails again online says so once, without reloading for ever', async ({ page }) => {
  await loginAs(page, admin);
  let asked = 0;
  await page.route(expensesChunk, (route) => {
    asked += 1;
    return route.abort('failed');
  });
  await page.goto('/transaction/expenses');
  // Online, so it does not blame a lost connection.
  const failed = page.getByRole('alert');
  await expect(failed.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
  await expect(failed).toContainText('Its code did not arrive. Try again; the other screens keep working.');
  // One reload, then it stays: two requests for the chunk however long it is left.
  await page.waitForTimeout(2_000);
  await expect(failed.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
  expect(asked).toBe(2);
  // Its own button still tries again.
  await page.unroute(expensesChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Expenses', level: 1 })).toBeVisible();
});
