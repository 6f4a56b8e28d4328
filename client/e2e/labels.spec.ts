import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { readBarcodeFromPdf } from './support/barcode';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { itemBody } from '../../tests/factories';

// Issue 44, point 5: an order of oil filters and (Sinhala-named) engine oil is placed by the Admin;
// Staff receive 5 + 2 at the back door and, offline, print a label per unit: 7 on one A4 sheet,
// 7 pages of 50 × 25 mm, each with the name, the Code 128 bars and the selling price (never the
// cost). Both PDFs are read back (pdftotext, pdfinfo, the first barcode decoded by ZXing).

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const supplierName = `Lanka Auto Parts ${tag}`;
const filter = { itemName: `Oil Filter ${tag}`, barcode: `OF${tag}`, unitPrice: 1250.5, costPrice: 900 };
const oil = { itemName: `එන්ජින් තෙල් ${tag}`, barcode: `EO${tag}`, unitPrice: 3400, costPrice: 2750 };
const staffUser = { name: `Label Staff ${tag}`, email: `label.staff.${tag.toLowerCase()}@garage.test`, password: 'secret-654' };

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const pdfPages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))![1]);
const count = (text: string, word: string) => text.split(word).length - 1;

test.describe('labels for a delivery', () => {
  test.describe.configure({ mode: 'serial' });

  test('Staff receive 5 + 2 and print exactly 7 labels, on A4 and 50 × 25 mm, on screen and as PDFs', async ({ page, browser, baseURL, request }, testInfo) => {
    const token = await adminToken(request);
    await api(request, token, 'post', '/api/categories', { name: `Lubes ${tag}` });
    const category = (await api<{ categories: { _id: string; name: string }[] }>(request, token, 'get', '/api/categories')).categories.find((c) => c.name === `Lubes ${tag}`)!;
    for (const item of [filter, oil]) await api(request, token, 'post', '/api/items', itemBody(category._id, { ...item, stockQuantity: 0, reorderLevel: 1 }));
    await api(request, token, 'post', '/api/user/save-user', { id: null, ...staffUser, phoneNo: '', role: 'Staff', status: true });

    // The Admin's order: 5 filters and 2 oils, placed.
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/inventory/suppliers');
    await page.getByRole('button', { name: '+ Add Supplier' }).click();
    const form = page.getByRole('dialog', { name: 'Add Supplier' });
    await form.getByLabel('Supplier Name').fill(supplierName);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: `Edit ${supplierName}` })).toBeVisible();
    await page.goto('/inventory/purchase-orders');
    await page.getByRole('button', { name: '+ New Order' }).click();
    await page.getByRole('combobox', { name: 'Supplier' }).selectOption({ label: supplierName });
    const adder = page.getByLabel('Add item (name or barcode)');
    for (const [item, quantity] of [
      [filter, '5'],
      [oil, '2'],
    ] as const) {
      await adder.fill(item.barcode);
      await adder.press('Enter');
      await page.getByLabel(`Quantity of ${item.itemName}`).fill(quantity);
      await page.getByLabel(`Unit cost of ${item.itemName}`).fill(String(item.costPrice));
    }
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByRole('heading', { name: /Purchase Order PO-D[A-Z0-9]+-00001/ })).toBeVisible();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.status-pill')).toHaveText('Ordered');
    await waitForSynced(page);
    const orderPath = new URL(page.url()).pathname;

    // Staff, on their own device, count the delivery in: 5 filters, 2 oils.
    const staffContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    const staffPage = await staffContext.newPage();
    const errors: string[] = [];
    staffPage.on('pageerror', (error) => errors.push(error.message));
    await loginAs(staffPage, staffUser);
    await waitForServiceWorkerControl(staffPage);
    await waitForSynced(staffPage);
    await staffPage.goto(orderPath);
    await staffPage.getByRole('button', { name: 'Receive', exact: true }).click();
    const panel = staffPage.getByRole('region', { name: 'Receive delivery' });
    const scan = panel.getByLabel('Scan or find a part');
    for (const [item, quantity] of [
      [filter, '5'],
      [oil, '2'],
    ] as const) {
      await scan.fill(item.barcode);
      await scan.press('Enter');
      await panel.getByLabel(`Quantity of ${item.itemName} received`).fill(quantity);
    }
    await panel.getByRole('button', { name: 'Record Delivery' }).click();
    await expect(staffPage.getByRole('list', { name: 'Deliveries' })).toContainText(`5 × ${filter.itemName}`);
    await waitForSynced(staffPage);

    // Offline: the labels come from the device.
    await staffContext.setOffline(true);
    await expect(new AppShell(staffPage).syncIndicator).toContainText('Offline');
    await staffPage.getByRole('list', { name: 'Deliveries' }).getByRole('link', { name: 'Print Labels' }).click();
    await expect(staffPage).toHaveURL(/\/print\/receipts\/[^/]+\/labels\?format=a4$/);

    // A4: one sheet, 7 labels, 5 + 2, each with its name, bars, code and selling price; no cost anywhere.
    const labels = staffPage.locator('.print-root .shelf-label');
    await expect(labels).toHaveCount(7);
    await expect(staffPage.locator('.print-root .label-sheet')).toHaveCount(1);
    await expect(staffPage.getByTestId('label-count')).toHaveText('7 labels · 1 page');
    await expect(labels.filter({ hasText: filter.itemName })).toHaveCount(5);
    await expect(labels.filter({ hasText: oil.itemName })).toHaveCount(2);
    await expect(labels.filter({ hasText: filter.itemName }).first()).toContainText('Rs. 1,250.50');
    await expect(labels.filter({ hasText: oil.itemName }).first()).toContainText('Rs. 3,400.00');
    await expect(labels.first().getByRole('img', { name: `Barcode ${filter.barcode}` })).toBeVisible();
    await expect(labels.nth(5).getByRole('img', { name: `Barcode ${oil.barcode}` })).toBeVisible();
    await expect(staffPage.locator('.print-root')).not.toContainText('900.00');
    await expect(staffPage.locator('.print-root')).not.toContainText('2,750.00');
    // Each label is the sheet's 70 × 37 mm (96 px to the inch), and the sheet A4.
    const box = (await labels.first().boundingBox())!;
    expect(Math.round(box.width)).toBe(Math.round((70 * 96) / 25.4));
    expect(Math.round(box.height)).toBe(Math.round((37 * 96) / 25.4));
    await staffPage.screenshot({ path: testInfo.outputPath('labels-a4.png'), fullPage: true });

    const download = async (name: string) => {
      const [saved] = await Promise.all([staffPage.waitForEvent('download'), staffPage.getByRole('button', { name: 'Download PDF' }).click()]);
      const file = testInfo.outputPath(name);
      await saved.saveAs(file);
      return { file, suggested: saved.suggestedFilename() };
    };
    // What Print sends: the browser's own print of the page, at the CSS @page size, one A4 sheet.
    const printed = async (name: string) => {
      const file = testInfo.outputPath(name);
      await staffPage.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
      return { pages: pdfPages(file), info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }), text: pdfText(file) };
    };
    const printedA4 = await printed('printed-a4.pdf');
    expect(printedA4.pages).toBe(1);
    expect(printedA4.info).toMatch(/Page size:.*\(A4\)/);
    expect(count(printedA4.text, filter.itemName)).toBe(5);
    expect(printedA4.text).not.toContain('Download PDF');

    const a4 = await download('labels-a4.pdf');
    expect(a4.suggested).toMatch(/^PO-D[A-Z0-9]+-00001-labels-a4\.pdf$/);
    expect(pdfPages(a4.file)).toBe(1);
    const a4Text = pdfText(a4.file);
    expect(count(a4Text, filter.itemName)).toBe(5);
    expect(count(a4Text, oil.itemName)).toBe(2);
    expect(count(a4Text, 'Rs. 1,250.50')).toBe(5);
    expect(count(a4Text, 'Rs. 3,400.00')).toBe(2);
    expect(a4Text).not.toContain('900.00');
    expect(readBarcodeFromPdf(a4.file, 0.12)).toBe(filter.barcode);
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', a4.file, testInfo.outputPath('labels-a4-pdf')]);

    // 50 × 25 mm: a label a page, 7 pages.
    await staffPage.getByRole('navigation', { name: 'Label formats' }).getByRole('link', { name: '50 × 25 mm' }).click();
    await expect(staffPage).toHaveURL(/format=roll$/);
    await expect(staffPage.locator('.print-root .label-sheet')).toHaveCount(7);
    await expect(labels).toHaveCount(7);
    await expect(staffPage.getByTestId('label-count')).toHaveText('7 labels · 7 pages');
    for (const sheet of await staffPage.locator('.print-root .label-sheet').all()) await expect(sheet.locator('.shelf-label')).toHaveCount(1);
    const rollBox = (await labels.first().boundingBox())!;
    expect(Math.round(rollBox.width)).toBe(Math.round((50 * 96) / 25.4));
    expect(Math.round(rollBox.height)).toBe(Math.round((25 * 96) / 25.4));
    await staffPage
      .locator('.print-root .label-sheet')
      .nth(5)
      .screenshot({ path: testInfo.outputPath('labels-roll.png') });

    const printedRoll = await printed('printed-roll.pdf');
    expect(printedRoll.pages).toBe(7);
    // 50 × 25 mm is 141.7 × 70.9 pt; Chromium rounds the page to its pixels.
    expect(printedRoll.info).toMatch(/Page size:\s+14[12]\.\d+ x 7[01]\.\d+ pts/);

    const roll = await download('labels-roll.pdf');
    expect(roll.suggested).toMatch(/-labels-50x25mm\.pdf$/);
    expect(pdfPages(roll.file)).toBe(7);
    expect(execFileSync('pdfinfo', [roll.file], { encoding: 'utf8' })).toMatch(/Page size:\s+141\.73\d* x 70\.86\d* pts/);
    const rollText = pdfText(roll.file);
    expect(count(rollText, filter.itemName)).toBe(5);
    expect(count(rollText, oil.itemName)).toBe(2);
    expect(readBarcodeFromPdf(roll.file, 1)).toBe(filter.barcode);
    execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '6', '-l', '6', '-singlefile', roll.file, testInfo.outputPath('labels-roll-pdf-p6')]);

    expect(errors).toEqual([]);
    await staffContext.close();
  });
});
