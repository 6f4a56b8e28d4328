import Database from 'better-sqlite3';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, itemBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';

// Issue 28 in the browser: the bell counts what needs attention, worked out on the device (offline
// too): an item below its reorder level and a job past its promised time. An entry opens its screen
// and is read; a kind can be turned off; an entry that clears and comes back is unread again.

const run = Date.now().toString(36).slice(-5);
const yesterday = () => new Date(Date.now() - 86_400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

test('the bell: stock and a late job, read, turned off, cleared and back', async ({ page, context, request }, testInfo) => {
  const token = await adminToken(request);
  const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Fluids ${run}` })).category._id;
  const item = (
    await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', itemBody(category, { itemName: `Brake fluid ${run}`, stockQuantity: 1, reorderLevel: 5 }))
  ).item;
  const plate = `KX-${run.slice(0, 4).toUpperCase()}`;
  const customer = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Ruwan Dias ${run}`, '0775551234', plate));
  const job = await api<{ jobCard: { _id: string; jobNumber: string } }>(
    request,
    token,
    'post',
    '/api/job-cards',
    openJobBody(customer.customer._id, plate, { promisedDate: yesterday(), promisedTime: '16:00', jobServices: [jobService(`Battery check ${run}`, 1500)] }),
  );

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await context.setOffline(true);

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const stockEntry = panel.getByRole('button', { name: /1 item below the reorder level/ });
  await expect(stockEntry).toContainText(`Brake fluid ${run} (1 of 5)`);
  await expect(panel.getByRole('button', { name: new RegExp(`${job.jobCard.jobNumber} is past its promised time`) })).toBeVisible();
  await snap(page, testInfo, 'bell-open');

  // The stock entry opens the Low Stock report's view of what it counts, and is read.
  await stockEntry.click();
  await expect(page).toHaveURL(/\/report\/low-stock-items\?view=reorder$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Low Stock Items (Below Reorder Level)' })).toBeVisible();
  await expect(page.locator('table.low-stock-table tbody tr').filter({ hasText: `Brake fluid ${run}` })).toHaveCount(1);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  // Late jobs turned off: no count; on again: the job is still unread.
  await bell.click();
  await panel.locator('summary', { hasText: 'Show' }).click();
  await panel.getByLabel('Jobs past their promised time or open too long').uncheck();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(panel.getByRole('button', { name: /is past its promised time/ })).toHaveCount(0);
  await panel.getByLabel('Jobs past their promised time or open too long').check();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('bell-count')).toHaveCount(0);

  // Online: stock arrives (10 in hand) and the entry goes; it runs low again and is unread again.
  await context.setOffline(false);
  await api(request, token, 'put', `/api/items/${item._id}`, { stockQuantity: 10 });
  await expect(panel.getByRole('button', { name: /below the reorder level/ })).toHaveCount(0, { timeout: 30_000 });
  await api(request, token, 'put', `/api/items/${item._id}`, { stockQuantity: 2 });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: /1 item below the reorder level/ })).toContainText(`Brake fluid ${run} (2 of 5)`);
  await waitForSynced(page);
});

test("an Admin's bell names a register that has not synced for a day, from the server's last contact", async ({ page, request, garage }) => {
  const token = await adminToken(request);
  // A tablet that got its code and then went quiet for two days (its last contact set back on the server).
  const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId: `quiet-tablet-${run}` });
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const sqlite = new Database(garage.dbFile);
  try {
    sqlite.prepare('UPDATE devices SET lastContactAt = ? WHERE code = ?').run(twoDaysAgo, code);
  } finally {
    sqlite.close();
  }
  await loginAs(page, admin);
  await waitForSynced(page);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: new RegExp(`Register ${code} has not synced for over a day`) })).toBeVisible();
  // This register itself, just synced, is not among them.
  const own = await page.evaluate(async () => {
    const open = indexedDB.open('garage');
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = idb.transaction('syncState').objectStore('syncState').get('deviceCode');
    return new Promise<string>((resolve) => {
      read.onsuccess = () => resolve((read.result as { value?: string } | undefined)?.value ?? '');
    });
  });
  expect(own).not.toBe('');
  await expect(panel.getByRole('button', { name: new RegExp(`Register ${own} `) })).toHaveCount(0);
});

test('an unpaid invoice past its due date is in the bell and opens the Due List', async ({ page, request }) => {
  const token = await adminToken(request);
  const customer = await api<{ customer: { _id: string } }>(
    request,
    token,
    'post',
    '/api/customers',
    customerBody(`Dilani Fonseka ${run}`, '0718887766', `DF-${run.slice(0, 4).toUpperCase()}`),
  );
  const twentyDaysAgo = new Date(Date.now() - 20 * 86_400_000).toISOString();
  const unpaid = saleBody(customer.customer._id, [saleLine(`Wheel alignment ${run}`, 3500)], { date: twentyDaysAgo, paidAmount: 0 });
  const { invoice } = await api<{ invoice: { invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', unpaid);
  await loginAs(page, admin);
  await waitForSynced(page);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const entry = page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /1 invoice past the due date/ });
  await expect(entry).toContainText(`${invoice.invoiceNo} (Dilani Fonseka ${run})`);
  await entry.click();
  await expect(page).toHaveURL(/\/transaction\/due-list/);
});
