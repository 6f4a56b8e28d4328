import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { AppShell } from './support/app-shell';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { itemBody } from '../../tests/factories/items';

// Issue 44, point 8: the reports that show costs. Two suppliers, orders placed and received over
// the API (this file has a server of its own, support/fixtures.ts, so every figure is this file's):
// - Lanka Auto Parts: 10 oil filters at Rs. 90.00, received as 6 then 4 (2 deliveries, Rs. 900.00);
// - Colombo Motors: 5 brake pads at Rs. 1,250.50, received at once (1 delivery, Rs. 6,252.50).
// Stock value: the filters (10 at Rs. 90.00), the pads (5 at Rs. 1,250.50) and 2.5 of a coolant
// at Rs. 0.99 (Rs. 2.48, rounded to the cent); a wiper with no stock is not listed.
// The Admin reads both reports offline after a reload and downloads each PDF; Staff see neither.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const lanka = `Lanka Auto Parts ${run}`;
const colombo = `Colombo Motors ${run}`;
const filter = `Oil Filter ${run}`;
const pads = `Brake Pads ${run}`;
const coolant = `Coolant ${run}`;
const staffUser = { name: `Cost Staff ${run}`, email: `cost.staff.${run}@garage.test`, password: 'secret-654' };

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
const pdfPicture = (file: string, name: string) =>
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, test.info().outputPath(name)], { stdio: 'ignore' });

async function newItem(request: APIRequestContext, token: string, category: string, overrides: Record<string, unknown>): Promise<string> {
  return (await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', itemBody(category, overrides))).item._id;
}

async function newSupplier(request: APIRequestContext, token: string, name: string): Promise<string> {
  const { supplier } = await api<{ supplier: { _id?: string; id?: string } }>(request, token, 'post', '/api/suppliers', { name });
  return (supplier._id ?? supplier.id)!;
}

/** An order of one part, placed; its line's id for the deliveries. */
async function placedOrder(request: APIRequestContext, token: string, supplierId: string, itemId: string, quantity: number, unitCost: number) {
  const lineId = randomUUID();
  const { order } = await api<{ order: { _id: string } }>(request, token, 'post', '/api/purchase-orders', { supplierId, lines: [{ id: lineId, itemId, quantity, unitCost }] });
  await api(request, token, 'post', `/api/purchase-orders/${order._id}/order`);
  return { orderId: order._id, lineId };
}

const receive = (request: APIRequestContext, token: string, order: { orderId: string; lineId: string }, itemId: string, quantity: number) =>
  api(request, token, 'post', `/api/purchase-orders/${order.orderId}/receipts`, { lines: [{ itemId, orderLineId: order.lineId, quantity }] });

test.describe('the reports that show costs', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Parts ${run}` })).category._id;
    const filterId = await newItem(request, token, category, { itemName: filter, costPrice: 100, stockQuantity: 0 });
    const padsId = await newItem(request, token, category, { itemName: pads, costPrice: 1000, stockQuantity: 0 });
    await newItem(request, token, category, { itemName: coolant, costPrice: 0.99, stockQuantity: 2.5 });
    await newItem(request, token, category, { itemName: `Wiper ${run}`, costPrice: 500, stockQuantity: 0 });
    const lankaId = await newSupplier(request, token, lanka);
    const colomboId = await newSupplier(request, token, colombo);
    const filters = await placedOrder(request, token, lankaId, filterId, 10, 90);
    await receive(request, token, filters, filterId, 6);
    await receive(request, token, filters, filterId, 4);
    const brakePads = await placedOrder(request, token, colomboId, padsId, 5, 1250.5);
    await receive(request, token, brakePads, padsId, 5);
    await api(request, token, 'post', '/api/user/save-user', { id: null, ...staffUser, phoneNo: '', role: 'Staff', status: true });
  });

  test('an Admin reads Purchases by supplier and the stock value offline, and downloads both PDFs', async ({ page, context }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    const shell = new AppShell(page);

    // Purchases by supplier, this month (the report's first period).
    await shell.sidebar.getByRole('button', { name: 'Reports' }).click();
    await shell.sidebar.getByRole('link', { name: 'Purchases Report', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Purchases Report' })).toBeVisible();
    await expect(page.getByTestId('purchases-report-deliveries')).toHaveText('3');
    await expect(page.getByTestId('purchases-report-received')).toHaveText('Rs. 7,152.50');
    const suppliers = page.locator('table.purchases-by-supplier tbody tr');
    await expect(suppliers).toHaveCount(3);
    await expect(suppliers.nth(0).getByRole('cell')).toHaveText([colombo, '1', 'Rs. 6,252.50', 'Rs. 0.00', 'Rs. 6,252.50'], { useInnerText: true });
    await expect(suppliers.nth(1).getByRole('cell')).toHaveText([lanka, '2', 'Rs. 900.00', 'Rs. 0.00', 'Rs. 900.00'], { useInnerText: true });
    await expect(suppliers.nth(2).getByRole('cell')).toHaveText(['Total', '3', 'Rs. 7,152.50', 'Rs. 0.00', 'Rs. 7,152.50'], { useInnerText: true });

    // Offline, after a reload: still there, from the device.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Purchases Report' })).toBeVisible();
    await expect(page.getByTestId('purchases-report-received')).toHaveText('Rs. 7,152.50');
    await expect(suppliers).toHaveCount(3);
    await snap(page, testInfo, 'cost-reports-01-purchases-offline');

    let downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    let download = await downloading;
    expect(download.suggestedFilename()).toBe('purchases_report.pdf');
    let file = testInfo.outputPath('purchases-report.pdf');
    await download.saveAs(file);
    let text = pdfText(file);
    for (const words of [
      'Purchases Report',
      'deliveries received by supplier, at cost',
      'Total: 3 deliveries, received at cost Rs. 7,152.50, returned Rs. 0.00, net Rs. 7,152.50',
      `${colombo} 1 Rs. 6,252.50`,
      `${lanka} 2 Rs. 900.00`,
      'Total 3 Rs. 7,152.50',
    ]) {
      expect(text, words).toContain(words);
    }
    pdfPicture(file, 'purchases-report-page1');

    // Stock value, still offline.
    await shell.sidebar.getByRole('link', { name: 'Stock Value Report', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Stock Value Report' })).toBeVisible();
    await expect(page.getByTestId('stock-value-items')).toHaveText('3');
    await expect(page.getByTestId('stock-value-total')).toHaveText('Rs. 7,154.98');
    const lines = page.locator('table.stock-value-table tbody tr');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0).getByRole('cell')).toHaveText([pads, /BC-/, `Parts ${run}`, '5', 'Rs. 1,250.50', 'Rs. 6,252.50'], { useInnerText: true });
    await expect(lines.nth(1).getByRole('cell')).toHaveText([filter, /BC-/, `Parts ${run}`, '10', 'Rs. 90.00', 'Rs. 900.00'], { useInnerText: true });
    await expect(lines.nth(2).getByRole('cell')).toHaveText([coolant, /BC-/, `Parts ${run}`, '2.5', 'Rs. 0.99', 'Rs. 2.48'], { useInnerText: true });
    await page.reload();
    await expect(page.getByTestId('stock-value-total')).toHaveText('Rs. 7,154.98');
    await snap(page, testInfo, 'cost-reports-02-stock-value-offline');

    downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    download = await downloading;
    expect(download.suggestedFilename()).toBe('stock_value_report.pdf');
    file = testInfo.outputPath('stock-value-report.pdf');
    await download.saveAs(file);
    text = pdfText(file);
    for (const words of [
      'Stock Value Report',
      'Items in stock at their average cost, largest value first',
      'Total: 3 items, value Rs. 7,154.98',
      `${pads}`,
      '5 Rs. 1,250.50 Rs. 6,252.50',
      '10 Rs. 90.00 Rs. 900.00',
      '2.5 Rs. 0.99 Rs. 2.48',
      'Rs. 7,154.98',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain(`Wiper ${run}`);
    pdfPicture(file, 'stock-value-report-page1');
    await context.setOffline(false);
  });

  test('Staff see neither report in the menu, and are refused them by address', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, staffUser);
    await waitForSynced(page);
    const shell = new AppShell(page);
    await shell.sidebar.getByRole('button', { name: 'Reports' }).click();
    await expect(shell.sidebar.getByRole('link', { name: 'Returns Report', exact: true })).toBeVisible();
    await expect(shell.sidebar.getByRole('link', { name: 'Purchases Report', exact: true })).toHaveCount(0);
    await expect(shell.sidebar.getByRole('link', { name: 'Stock Value Report', exact: true })).toHaveCount(0);
    await snap(page, testInfo, 'cost-reports-03-staff-menu');
    for (const path of ['/report/purchases', '/report/stock-value']) {
      await page.goto(path);
      await expect(page.getByText('You do not have permission to open this screen. Ask an administrator.')).toBeVisible();
    }
  });
});
