import type { Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { AppShell } from './support/app-shell';
import { waitForSynced } from './support/sync';
import { itemBody } from '../../tests/factories';

// Issue 22, part 4: who reads what. One workshop tablet (one browser context, one device database),
// used by Staff and then by a Manager: Staff see no cost price anywhere and the device holds none;
// the Manager, logged in on the same tablet after them, sees every one again.

const run = Date.now().toString(36).slice(-5);
const itemName = `Timing belt ${run}`;
const cost = 'Rs. 4,321.09';
const price = 'Rs. 5,678.90';
const staffUser = { name: `Scope Staff ${run}`, email: `scope.staff.${run}@garage.test`, password: 'secret-321' };
const managerUser = { name: `Scope Manager ${run}`, email: `scope.manager.${run}@garage.test`, password: 'secret-432' };

/** The item's row as the device's database holds it, read straight from IndexedDB. */
async function storedItem(page: Page, id: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(async (key) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('garage');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<Record<string, unknown> | null>((resolve, reject) => {
        const request = idb.transaction('items').objectStore('items').get(key);
        request.onsuccess = () => resolve((request.result as Record<string, unknown> | undefined) ?? null);
        request.onerror = () => reject(request.error);
      });
    } finally {
      idb.close();
    }
  }, id);
}

async function openItem(page: Page) {
  await page.goto('/inventory/items');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory Items' })).toBeVisible();
  await page.getByPlaceholder('Search Items...').fill(itemName);
  const row = page.locator('table.items-table tbody tr').filter({ hasText: itemName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(price);
  return row;
}

async function logOut(page: Page) {
  const shell = new AppShell(page);
  await shell.openUserMenu();
  await shell.logoutItem.click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
}

test('a shared tablet: Staff see no cost price anywhere, the Manager after them sees it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const category = await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Belts ${run}`, description: '' });
  const body = itemBody(category.category._id, { itemName, unitPrice: 5678.9, costPrice: 4321.09, stockQuantity: 1, reorderLevel: 1 });
  const { item } = await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', body);
  await api(request, token, 'post', '/api/user/save-user', { id: null, ...staffUser, phoneNo: '', role: 'Staff', status: true });
  await api(request, token, 'post', '/api/user/save-user', { id: null, ...managerUser, phoneNo: '', role: 'Manager', status: true });

  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();

  // Staff: the list shows the price and the stock, no Cost Price column or value, no item form.
  await loginAs(page, staffUser);
  await waitForSynced(page, 60_000);
  const staffRow = await openItem(page);
  await expect(page.locator('main')).not.toContainText('Cost Price');
  await expect(page.locator('main')).not.toContainText(cost);
  await expect(page.getByRole('button', { name: '+ Add New Item' })).toHaveCount(0);
  await expect(staffRow.getByRole('button', { name: /edit/i })).toHaveCount(0);
  // Nor does the device hold it.
  const asStaff = await storedItem(page, item._id);
  expect(asStaff?.itemName).toBe(itemName);
  expect(asStaff && 'costPriceCents' in asStaff).toBe(false);
  // The low stock report (stock 1, below the default 2) lists it with no cost either.
  await page.goto('/report/low-stock-items');
  await expect(page.locator('table.low-stock-table tbody tr').filter({ hasText: itemName })).toHaveCount(1);
  await expect(page.locator('main')).not.toContainText(cost);

  // The Manager on the same tablet: the costs come back to the device, the column and the form show them.
  await logOut(page);
  await loginAs(page, managerUser);
  await expect.poll(async () => (await storedItem(page, item._id))?.costPriceCents, { timeout: 60_000, message: 'the cost is fetched again' }).toBe(432_109);
  await waitForSynced(page, 60_000);
  const managerRow = await openItem(page);
  await expect(page.locator('main')).toContainText('Cost Price');
  await expect(managerRow).toContainText(cost);
  await managerRow.getByRole('button', { name: /edit/i }).first().click();
  const form = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(form.getByLabel('Cost Price', { exact: true })).toHaveValue('4321.09');
  await context.close();
});
