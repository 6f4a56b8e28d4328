import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { AppShell } from './support/app-shell';
import { waitForSynced } from './support/sync';
import { itemBody } from '../../tests/factories';
import { formatZReportNo } from '@shared/domain/invoice-number';

// Issue 22, part 4: who reads what. One workshop tablet (one browser context, one device database),
// used by Staff and then by a Manager: Staff see no cost price anywhere and the device holds none;
// the Manager, logged in on the same tablet after them, sees every one again. Issue 42, point 9: the
// same for another register's Z report (its counted and expected cash).

const run = Date.now().toString(36).slice(-5);
const itemName = `Timing belt ${run}`;
const cost = 'Rs. 4,321.09';
const price = 'Rs. 5,678.90';
const staffUser = { name: `Scope Staff ${run}`, email: `scope.staff.${run}@garage.test`, password: 'secret-321' };
const managerUser = { name: `Scope Manager ${run}`, email: `scope.manager.${run}@garage.test`, password: 'secret-432' };

/** A row as the device's database holds it, read straight from IndexedDB. */
async function storedRow(page: Page, store: string, id: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    async ([name, key]) => {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('garage');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        return await new Promise<Record<string, unknown> | null>((resolve, reject) => {
          const request = idb.transaction(name).objectStore(name).get(key);
          request.onsuccess = () => resolve((request.result as Record<string, unknown> | undefined) ?? null);
          request.onerror = () => reject(request.error);
        });
      } finally {
        idb.close();
      }
    },
    [store, id] as const,
  );
}

const storedItem = (page: Page, id: string) => storedRow(page, 'items', id);

/** Another register's drawer opened and closed (as that register's device pushes it): the session's id and its Z number. */
async function otherRegistersZReport(request: APIRequestContext, token: string): Promise<{ id: string; zNumber: string }> {
  const clientId = `other-register-${run}`;
  const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId });
  const id = randomUUID();
  const zNumber = formatZReportNo(code, 1);
  const close = { sessionId: id, zNumber, count: { 500_000: 1 }, expected: 5000, differenceReason: '' };
  const mutations = [
    ['openDrawer', { id, float: 5000 }],
    ['closeDrawer', close],
  ].map(([name, args], seq) => ({ id: randomUUID(), clientId, seq: seq + 1, name, args, createdAt: new Date().toISOString() }));
  const { results } = await api<{ results: { status: string }[] }>(request, token, 'post', '/api/sync/push', { clientId, mutations });
  expect(results.map((result) => result.status)).toEqual(['applied', 'applied']);
  return { id, zNumber };
}

async function zReportRows(page: Page, heading: string) {
  await page.goto('/transaction/cash-drawer');
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  return page.locator('table.z-report-table tbody tr');
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
  const other = await otherRegistersZReport(request, token);

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
  // Nor another register's Z report: not on the Cash Drawer screen, not in the device.
  await expect(await zReportRows(page, "This register's Z reports")).not.toContainText(other.zNumber);
  expect(await storedRow(page, 'drawerSessions', other.id)).toBeNull();

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
  // Every register's Z reports, the other register's fetched again for the Manager.
  await expect((await zReportRows(page, 'Z reports of every register')).filter({ hasText: other.zNumber })).toHaveCount(1);
  await context.close();
});
