import type { APIRequestContext, Download, Locator, Page, TestInfo } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { ListPage } from './support/list-page';
import { loginAs } from './support/login-page';
import { adminToken, api, tokenFrom } from './support/server-api';
import { snap } from './support/screenshots';
import { expectNoAccessibilityViolations } from './support/shell-checks';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { failIndexReads } from './support/device-db';
import { admin } from './support/users';
import { itemBody, saleBody, saleLine } from '../../tests/factories';

// Issue 10's Low Stock Report in the browser: items made on the server (two registers oversell one
// to −1), the device's report of them, its PDF made on the device (read back with poppler and drawn
// to PNG), the server's PDF in a new tab by a signed link, and all of it offline.

const run = Date.now().toString(36).slice(-5);
const barcode = (key: string) => `LS${key}-${run}`;
const names = {
  zero: `Empty shelf part ${run}`,
  half: `Half litre oil ${run}`,
  oversold: `Oversold pad ${run}`,
  plenty: `Plenty plug ${run}`,
  shelf: `Headlamp bulb ${run}`,
};

interface ServerItem {
  _id: string;
  barcode: string;
  itemName: string;
  stockQuantity: number;
}

/** /report/low-stock-items */
class LowStockReport extends ListPage {
  readonly total: Locator;
  readonly clientPdf: Locator;
  readonly serverPdf: Locator;

  constructor(page: Page, title = 'Low Stock Items (Qty < 2)') {
    super(page, page.getByRole('heading', { level: 1, name: title }), 'table.low-stock-table', 'Loading…');
    this.total = page.getByTestId('low-stock-total');
    this.clientPdf = page.getByRole('button', { name: 'Download PDF (Client)' });
    this.serverPdf = page.getByRole('button', { name: 'Download PDF (Server)' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/report/low-stock-items');
    await this.expectLoaded();
  }

  row(code: string): Locator {
    return this.rowWithCell(code);
  }

  /** The barcodes listed, in order. */
  async barcodes(): Promise<string[]> {
    return this.rows.locator('td:first-child').allInnerTexts();
  }

  /** Saves the client PDF into `dir` as the browser names it. */
  async downloadClientPdf(dir: string, name: string): Promise<{ download: Download; file: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.clientPdf.click()]);
    const file = join(dir, `${name}.pdf`);
    await download.saveAs(file);
    return { download, file };
  }
}

/** What the server lists as low (the device, once synced, lists the same). */
async function serverLowStock(request: APIRequestContext, token: string): Promise<ServerItem[]> {
  return api<ServerItem[]>(request, token, 'get', '/api/stock-report/low-stock-items?threshold=2');
}

/** pdftotext as laid out (a table row a line), spaces collapsed; pdfinfo's page count. */
function readPdf(file: string): { text: string; lines: string[]; pages: number } {
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
  return { text, lines: text.split('\n').map((line) => line.trim()), pages };
}

/** Page 1 drawn to PNG at 60 dpi (kept beside the PDF to look at); answers its path. */
function renderFirstPage(file: string): string {
  const base = file.replace(/\.pdf$/, '-page1');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, base]);
  return `${base}.png`;
}

/** Pixels of the PNG that are reddish (the marked row's text, anti-aliased), counted by the browser's canvas. */
async function redPixels(page: Page, png: string): Promise<{ red: number; width: number; height: number }> {
  const dataUrl = `data:image/png;base64,${readFileSync(png).toString('base64')}`;
  return page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const g = canvas.getContext('2d')!;
    g.drawImage(image, 0, 0);
    const { data } = g.getImageData(0, 0, image.width, image.height);
    let red = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! > data[i + 1]! + 60 && data[i]! > data[i + 2]! + 60) red++;
    return { red, width: image.width, height: image.height };
  }, dataUrl);
}

function pdfDir(testInfo: TestInfo): string {
  const dir = join(testInfo.project.outputDir, 'low-stock');
  mkdirSync(dir, { recursive: true });
  return dir;
}

test.describe('low stock report', () => {
  test.describe.configure({ mode: 'serial' });
  let token = '';

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    const { category } = await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Low stock ${run}`, description: '' });
    const item = async (key: string, itemName: string, stockQuantity: number) =>
      api(request, token, 'post', '/api/items', itemBody(category._id, { itemName, barcode: barcode(key), unitPrice: 1250.5, stockQuantity, reorderLevel: 3 }));
    await item('ZERO', names.zero, 0);
    await item('HALF', names.half, 1.5);
    const { item: oversold } = (await item('NEG', names.oversold, 1)) as { item: { _id: string } };
    await item('PLENTY', names.plenty, 5);
    // 2 of a reorder level of 3: low for the bell, not below the spec's 2 (issue 47, major 6).
    await item('SHELF', names.shelf, 2);
    // Two registers each sold the last pad: both sales stand, stock ends at −1 (decisions.md).
    const sale = () => saleBody(null, [saleLine(names.oversold, 1250.5, { itemId: oversold._id })]);
    for (let i = 0; i < 2; i++) await api(request, token, 'post', '/api/sales/sales-invoices', sale());
    const low = await serverLowStock(request, token);
    expect(low.find((i) => i.barcode === barcode('NEG'))?.stockQuantity).toBe(-1);
  });

  test('lists exactly the low items from the device, the count, and the negative one marked', async ({ page, request }, testInfo) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new LowStockReport(page);
    await report.goto();

    // Exactly what the server lists as low: the device holds the same items.
    const expected = (await serverLowStock(request, token)).map((item) => item.barcode);
    await expect.poll(() => report.barcodes()).toEqual(expected);
    await expect(report.total).toHaveText(new RegExp(`^Total low stock items: ${expected.length}\\b`));
    expect(expected).toEqual(expect.arrayContaining([barcode('NEG'), barcode('ZERO'), barcode('HALF')]));
    await expect(report.row(barcode('PLENTY'))).toHaveCount(0);
    // Emptiest first.
    const mine = (await report.barcodes()).filter((code) => code.endsWith(`-${run}`));
    expect(mine).toEqual([barcode('NEG'), barcode('ZERO'), barcode('HALF')]);

    const oversold = report.row(barcode('NEG'));
    await expect(oversold.locator('td')).toHaveText([barcode('NEG'), names.oversold, `Low stock ${run}`, '-1 negative', '3', 'Rs. 1,250.50'], { useInnerText: true });
    const stock = oversold.locator('td').nth(3);
    await expect(stock).toHaveClass(/\bstock-low\b/);
    await expect(stock).toHaveCSS('color', 'rgb(198, 40, 40)');
    await expect(stock).toHaveAttribute('title', 'Negative stock: more was sold than was recorded in stock');
    await expect(stock.locator('.stock-badge')).toHaveText('negative');
    await expect(report.total).toContainText('with negative stock');
    const half = report.row(barcode('HALF'));
    await expect(half.locator('td')).toHaveText([barcode('HALF'), names.half, `Low stock ${run}`, '1.5', '3', 'Rs. 1,250.50'], { useInnerText: true });
    await expect(half.locator('td').nth(3)).not.toHaveClass(/stock-low/);
    await expectNoAccessibilityViolations(page, 'the low stock report');
    await snap(page, testInfo, 'low-stock-01-report');
  });

  test("'Download PDF (Client)' saves low_stock_items.pdf: title, time, footer, a line per row, the negative row red", async ({ page }, testInfo) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new LowStockReport(page);
    await report.goto();
    const listed = await report.barcodes();

    // jsPDF is not in what the page loaded to get here: it comes only with the click.
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /jspdf/i.test(name)),
      );
    expect(await scripts()).toEqual([]);
    const { download, file } = await report.downloadClientPdf(pdfDir(testInfo), 'client');
    expect(download.suggestedFilename()).toBe('low_stock_items.pdf');
    await expect(report.clientPdf).toBeEnabled();

    const { text, lines, pages } = readPdf(file);
    expect(text).toContain('Low Stock Items Report (Qty < 2)');
    expect(text).toMatch(/Generated: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(text).toContain(`Total low stock items: ${listed.length}`);
    expect(text).toContain('Barcode Item Name Category Stock Reorder Lvl Unit Price');
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    if (listed.length <= 30) expect(pages).toBe(1);
    // One line per row, each row once.
    for (const code of listed)
      expect(
        lines.filter((line) => line.startsWith(`${code} `)),
        code,
      ).toHaveLength(1);
    expect(lines).toContain(`${barcode('NEG')} ${names.oversold} Low stock ${run} -1 (negative) 3 Rs. 1,250.50`);
    expect(lines).toContain(`${barcode('ZERO')} ${names.zero} Low stock ${run} 0 3 Rs. 1,250.50`);
    expect(lines).toContain(`${barcode('HALF')} ${names.half} Low stock ${run} 1.5 3 Rs. 1,250.50`);
    expect(text).not.toContain(names.plenty);

    // A4 portrait; page 1 as a picture at 60 dpi (about 496 × 702 px) with the marked row drawn in red.
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const picture = await redPixels(page, renderFirstPage(file));
    expect(Math.abs(picture.width - 496)).toBeLessThanOrEqual(1);
    expect(Math.abs(picture.height - 702)).toBeLessThanOrEqual(1);
    expect(picture.red).toBeGreaterThan(200); // one marked row of six cells draws about 550
  });

  test("'Download PDF (Server)' opens the server's PDF in a new tab, with no session token in its address", async ({ page, context }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new LowStockReport(page);
    await report.goto();
    const session = await tokenFrom(page);

    const pdfResponse = context.waitForEvent('response', (response) => response.url().includes('/report.pdf'));
    const [tab] = await Promise.all([context.waitForEvent('page'), report.serverPdf.click()]);
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toBe('inline; filename="low_stock_items.pdf"');
    const url = new URL(response.url());
    expect(url.pathname).toBe('/api/stock-report/low-stock-items/report.pdf');
    expect(url.searchParams.get('threshold')).toBe('2');
    expect(response.url()).not.toContain(session);
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'signature', 'threshold', 'user']);
    expect(response.request().headers().token).toBeUndefined();
    expect(response.request().headers().authorization).toBeUndefined();
    // The tab shows it in Chromium's viewer (whose page is what response.body() gives); the same
    // address fetched alone, with no session header, answers the file itself.
    const again = await page.request.get(response.url());
    expect(again.status()).toBe(200);
    expect((await again.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect.poll(() => tab.url()).toBe(response.url());

    // Changed by hand, the address opens nothing.
    url.searchParams.set('threshold', '100');
    const tampered = await page.request.get(url.toString());
    expect(tampered.status()).toBe(401);
    expect(await tampered.json()).toMatchObject({ success: false, message: expect.stringContaining('not valid') });
    await tab.close();
  });

  test("the bell's stock entry opens 'Below reorder level', which lists what the bell counts, and so do its two PDFs", async ({ page, context, request }, testInfo) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /items? below the reorder level/ });
    await expect(entry).toContainText(`${names.shelf} (2 of 3)`);
    const counted = Number(/^(\d+) items? below/.exec(await entry.locator('.bell-entry-title').innerText())![1]);
    await entry.click();
    await expect(page).toHaveURL(/\/report\/low-stock-items\?view=reorder$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Low Stock Items (Below Reorder Level)' })).toBeVisible();
    const report = new LowStockReport(page, 'Low Stock Items (Below Reorder Level)');
    await report.expectLoaded();

    // What the server lists below the reorder level; the bell counted those not below zero (one is).
    const expected = (await api<ServerItem[]>(request, token, 'get', '/api/stock-report/low-stock-items?view=reorder')).map((item) => item.barcode);
    await expect.poll(() => report.barcodes()).toEqual(expected);
    expect(expected).toEqual(expect.arrayContaining([barcode('NEG'), barcode('ZERO'), barcode('HALF'), barcode('SHELF')]));
    expect(expected).not.toContain(barcode('PLENTY'));
    expect(counted).toBe(expected.length - 1);
    await expect(report.total).toHaveText(new RegExp(`^Total items below reorder level: ${expected.length}\\b`));
    await expect(report.row(barcode('SHELF')).locator('td')).toHaveText([barcode('SHELF'), names.shelf, `Low stock ${run}`, '2', '3', 'Rs. 1,250.50'], { useInnerText: true });
    await snap(page, testInfo, 'low-stock-03-below-reorder');

    // The client PDF of this view.
    const { download, file } = await report.downloadClientPdf(pdfDir(testInfo), 'below-reorder');
    expect(download.suggestedFilename()).toBe('low_stock_items_below_reorder_level.pdf');
    const client = readPdf(file);
    expect(client.text).toContain('Low Stock Items Report (Below Reorder Level)');
    expect(client.text).toContain(`Total items below reorder level: ${expected.length}`);
    expect(client.lines).toContain(`${barcode('SHELF')} ${names.shelf} Low stock ${run} 2 3 Rs. 1,250.50`);
    expect(client.lines).toContain(`${barcode('NEG')} ${names.oversold} Low stock ${run} -1 (negative) 3 Rs. 1,250.50`);

    // The server's PDF of this view, by its signed link.
    const pdfResponse = context.waitForEvent('response', (response) => response.url().includes('/report.pdf'));
    const [tab] = await Promise.all([context.waitForEvent('page'), report.serverPdf.click()]);
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toBe('inline; filename="low_stock_items_below_reorder_level.pdf"');
    expect(new URL(response.url()).searchParams.get('view')).toBe('reorder');
    const serverFile = join(pdfDir(testInfo), 'below-reorder-server.pdf');
    writeFileSync(serverFile, await (await page.request.get(response.url())).body());
    const server = readPdf(serverFile);
    expect(server.text).toContain('Low Stock Items Report (Below Reorder Level)');
    expect(server.lines).toContain(`${barcode('SHELF')} ${names.shelf} Low stock ${run} 2 3 Rs. 1,250.50`);
    await tab.close();

    // The spec's report is still the spec's: 2 of 3 is not below 2.
    await page.getByRole('link', { name: 'Qty < 2' }).click();
    await expect(page).toHaveURL(/\/report\/low-stock-items$/);
    const spec = new LowStockReport(page);
    await spec.expectLoaded();
    await expect(spec.row(barcode('NEG'))).toHaveCount(1);
    await expect(spec.row(barcode('SHELF'))).toHaveCount(0);
  });

  test('when the server refuses the link, the new tab closes and a message says so', async ({ page, context }) => {
    await loginAs(page, admin);
    const report = new LowStockReport(page);
    await report.goto();
    await page.route('**/api/stock-report/low-stock-items/report-link*', (route) => route.fulfill({ status: 503, json: { success: false, message: 'The server is busy.' } }));
    const [tab] = await Promise.all([context.waitForEvent('page'), report.serverPdf.click()]);
    // A busy 2-core CI machine once took more than the default 10 s to close the tab; if it stays
    // open, the message says what the tab shows, so the next failure explains itself.
    const tabState = async () =>
      tab.isClosed()
        ? 'closed'
        : `open at ${tab.url()}: ${await tab
            .locator('body')
            .innerText({ timeout: 1_000 })
            .catch(() => '?')}`;
    await expect.poll(tabState, { timeout: 30_000 }).toBe('closed');
    await expect(report.toast('The server PDF could not be opened. The server is busy. Download PDF (Client) works offline.')).toBeVisible();
  });

  test('offline: the report shows the device’s items, follows a change made on the device, and its PDF still downloads', async ({ page, context }, testInfo) => {
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    const report = new LowStockReport(page);
    await report.goto();
    const before = await report.barcodes();

    await context.setOffline(true);
    await page.reload();
    await report.expectLoaded();
    await expect.poll(() => report.barcodes()).toEqual(before);

    // Another tab of this device counts the plugs: 5 → 1. The open report follows without a reload.
    const items = await context.newPage();
    await items.goto('/inventory/items');
    await items.getByPlaceholder('Search Items...').fill(barcode('PLENTY'));
    await items.getByRole('button', { name: `Edit ${names.plenty}`, exact: true }).click();
    const modal = items.getByRole('dialog', { name: 'Edit Item' });
    await modal.getByLabel('Stock Quantity', { exact: true }).fill('1');
    await modal.getByRole('button', { name: 'Update Item' }).click();
    await expect(items.locator('.toast').filter({ hasText: 'Item updated successfully!' })).toBeVisible();
    await items.close();

    await expect(report.row(barcode('PLENTY'))).toHaveCount(1);
    await expect(report.total).toHaveText(new RegExp(`^Total low stock items: ${before.length + 1}\\b`));
    const listed = await report.barcodes();
    expect(listed.indexOf(barcode('PLENTY'))).toBeGreaterThan(listed.indexOf(barcode('ZERO')));
    await snap(page, testInfo, 'low-stock-02-offline');

    // The device's PDF needs no server.
    const { download, file } = await report.downloadClientPdf(pdfDir(testInfo), 'client-offline');
    expect(download.suggestedFilename()).toBe('low_stock_items.pdf');
    const { lines } = readPdf(file);
    expect(lines).toContain(`${barcode('PLENTY')} ${names.plenty} Low stock ${run} 1 3 Rs. 1,250.50`);
    for (const code of listed)
      expect(
        lines.filter((line) => line.startsWith(`${code} `)),
        code,
      ).toHaveLength(1);

    // The server's PDF does: no tab opens, the message says why and what works instead.
    const pagesBefore = context.pages().length;
    await report.serverPdf.click();
    await expect(report.toast('You are offline: the server PDF needs the server. Download PDF (Client) works offline.')).toBeVisible();
    expect(context.pages()).toHaveLength(pagesBefore);

    await context.setOffline(false);
    await waitForSynced(page, 30_000);
  });

  test("a failed read of the device's items says 'Failed to load low stock items'", async ({ page }) => {
    // The report reads the items through their stock index; it fails once the test says so (after login and the first sync).
    const failing = await failIndexReads(page, 'items', 'stockHundredths');
    await loginAs(page, admin);
    await waitForSynced(page);
    await failing();
    const report = new LowStockReport(page);
    await report.goto();
    await expect(report.rows).toHaveText(['Failed to load low stock items']);
    await expect(report.rows.locator('td.error-text')).toHaveCount(1);
    await expect(report.total).toHaveCount(0);
    await expect(report.clientPdf).toBeDisabled();
  });
});
