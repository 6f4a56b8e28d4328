import type { Browser, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import type { TestUser } from './support/users';
import { customerBody } from '../../tests/factories';

// Issue 23 in the browser: the counter and the tablet, both offline, change one customer's City, the
// counter first and the tablet a few seconds later. The tablet reconnects first. The later City
// stands on both screens, and the counter's user reads why on the screen, with OK to dismiss it.

const run = `e${Date.now().toString(36).slice(-5)}`;
const cashier: TestUser = { name: `Ann Cashier ${run}`, email: `ann.cashier.${run}@garage.test`, password: 'secret-321' };
const mechanic: TestUser = { name: `Nimal Fernando ${run}`, email: `nimal.mechanic.${run}@garage.test`, password: 'secret-654' };
// The run tag sits inside the name: a name ending in s takes a bare apostrophe in the message
// ("Ruwan Jayasinghe ek79ms' City"), which failed this spec's check when the tag ended in s.
const customerName = `Ruwan ${run} Jayasinghe`;

async function device(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

async function editCity(page: Page, city: string): Promise<void> {
  await page.goto('/customers');
  await page.getByPlaceholder('Search Customers...').fill(run);
  await page.getByRole('button', { name: `Edit ${customerName}`, exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Customer' });
  await modal.getByLabel('City', { exact: true }).fill(city);
  await modal.getByRole('button', { name: 'Save Customer' }).click();
  await expect(modal).toHaveCount(0);
}

test('two devices change one City offline: the later change stands, and the replaced one is explained on screen', async ({ browser, request }, testInfo) => {
  const token = await adminToken(request);
  await api(request, token, 'post', '/api/user/save-user', { id: null, ...cashier, phoneNo: '', role: 'Manager', status: true });
  await api(request, token, 'post', '/api/user/save-user', { id: null, ...mechanic, phoneNo: '', role: 'Staff', status: true });
  await api(request, token, 'post', '/api/customers', customerBody(customerName, '0771234567', `CP-${run.toUpperCase()}`, { city: 'Kandy' }));

  const counter = await device(browser, 1280, 800);
  const tablet = await device(browser, 1024, 768);
  await loginAs(counter, cashier);
  await loginAs(tablet, mechanic);
  for (const page of [counter, tablet]) {
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    await page.context().setOffline(true);
  }

  await editCity(counter, 'Galle');
  await counter.waitForTimeout(2500);
  await editCity(tablet, 'Matara');

  await tablet.context().setOffline(false);
  await waitForSynced(tablet, 30_000);
  await counter.context().setOffline(false);
  await waitForSynced(counter, 30_000);
  await waitForSynced(tablet, 30_000);

  const { customers } = await api<{ customers: { city: string }[] }>(request, token, 'get', `/api/customers?search=${encodeURIComponent(customerName)}`);
  expect(customers.map((customer) => customer.city)).toEqual(['Matara']);

  // The counter shows the later City and says whose change replaced its own.
  const notice = counter.getByTestId('replaced-edit-notice');
  await expect(notice).toHaveText(new RegExp(`^Your change to ${customerName}'s City was replaced by a later change by ${mechanic.name}\\.`));
  await counter.getByPlaceholder('Search Customers...').fill(run);
  await expect(counter.locator('table.customers-table tbody tr').filter({ hasText: customerName })).toContainText('Matara');
  await expect(counter.locator('table.customers-table tbody tr').filter({ hasText: customerName })).not.toContainText('Galle');
  await snap(counter, testInfo, 'later-edit-01-counter-told');
  // The workshop tablet both ways up: the notice wraps and its buttons stay on screen and touch-sized.
  for (const [name, size] of [
    ['1024', { width: 1024, height: 768 }],
    ['768', { width: 768, height: 1024 }],
  ] as const) {
    await counter.setViewportSize(size);
    for (const button of ['Open', 'OK']) {
      await expect(notice.getByRole(button === 'OK' ? 'button' : 'link', { name: button })).toBeInViewport({ ratio: 1 });
    }
    expect(await counter.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(counter, testInfo, `later-edit-02-notice-${name}`);
  }
  await counter.setViewportSize({ width: 1280, height: 800 });
  // The tablet's user, whose change stood, is told nothing.
  await tablet.reload();
  await expect(tablet.getByRole('heading', { level: 1, name: /^Customers/ })).toBeVisible();
  await expect(tablet.getByTestId('replaced-edit-notice')).toHaveCount(0);

  // OK dismisses it here, and it stays dismissed after a reload (and on the server).
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  await waitForSynced(counter, 30_000);
  await counter.reload();
  await expect(counter.getByRole('heading', { level: 1, name: /^Customers/ })).toBeVisible();
  await expect(counter.getByTestId('replaced-edit-notice')).toHaveCount(0);
});
