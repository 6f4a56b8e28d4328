import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { snap } from './support/screenshots';
import { itemBody } from '../../tests/factories';

// Issue 44's proof, on two devices: the counter PC (the Admin) and the workshop tablet at the back door
// (Staff). Brake pads fall below their reorder level (2 of 6); 'Order' drafts 10 for their usual
// supplier, priced at Rs. 1,200 and placed, and printed; the tablet receives 6 offline (60 %), is
// reloaded, and sends them when back online; the counter receives the other 4 (the next day's
// delivery) and the order is Received; labels for those 4 print (the PDF read back); the supplier's
// bill is entered against both deliveries, paid in cash from the counter's drawer and on its Z report;
// one pad goes back to the supplier. The server's stock and average cost are checked at each step.

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const supplierName = `Lanka Auto Parts ${tag}`;
const itemName = `Brake Pads ${tag}`;
const barcode = `BP${tag}`;
const staffUser = { name: `Back Door ${tag}`, email: `back.door.${tag.toLowerCase()}@garage.test`, password: 'secret-654' };

interface ApiItem {
  itemName: string;
  stockQuantity: number;
  costPrice: number;
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

test.describe('purchasing, from low stock to the supplier paid, on two devices', () => {
  test.setTimeout(240_000);

  test('ordered from low stock, received in two parts on two devices, labelled, billed, paid from the drawer, one returned', async ({
    page,
    browser,
    baseURL,
    request,
  }, testInfo) => {
    const token = await adminToken(request);
    const itemOnServer = async () =>
      (await api<{ items: ApiItem[] }>(request, token, 'get', `/api/items?search=${encodeURIComponent(itemName)}`)).items.find((row) => row.itemName === itemName)!;
    const supplierId = (await api<{ supplier: { id: string } }>(request, token, 'post', '/api/suppliers', { name: supplierName, paymentTermsDays: 30 })).supplier.id;
    await api(request, token, 'post', '/api/categories', { name: `Brakes ${tag}` });
    const category = (await api<{ categories: { _id: string; name: string }[] }>(request, token, 'get', '/api/categories')).categories.find((c) => c.name === `Brakes ${tag}`)!;
    await api(
      request,
      token,
      'post',
      '/api/items',
      itemBody(category._id, { itemName, barcode, unitPrice: 2500, costPrice: 1000, stockQuantity: 2, reorderLevel: 6, supplier: supplierId }),
    );
    await api(request, token, 'post', '/api/user/save-user', { id: null, ...staffUser, phoneNo: '', role: 'Staff', status: true });

    // The counter: 'Order' on the Low Stock report's 'Below reorder level' view drafts the pads for their supplier.
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    await page.goto('/report/low-stock-items?view=reorder');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page).toHaveURL(/\/inventory\/purchase-orders$/);
    await page.getByRole('searchbox', { name: 'Search purchase orders' }).fill(supplierName);
    const orderRow = page.locator('tr', { hasText: supplierName });
    await expect(orderRow).toHaveCount(1);
    await expect(orderRow).toContainText('Draft');
    await orderRow.getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: /Purchase Order PO-D[A-Z0-9]+-\d{5}/ })).toBeVisible();
    const orderNo = /PO-D[A-Z0-9]+-\d{5}/.exec(await page.getByRole('heading', { level: 1 }).innerText())![0];
    const orderPath = new URL(page.url()).pathname;

    // Up to twice the reorder level, less the 2 on hand: 10, at the last cost paid (here the cost price); priced at Rs. 1,200 and placed.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel(`Quantity of ${itemName}`)).toHaveValue('10');
    await page.getByLabel(`Unit cost of ${itemName}`).fill('1200');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.status-pill')).toHaveText('Ordered');

    // Printed on A4 from the device.
    await page.getByRole('link', { name: 'Print', exact: true }).click();
    await expect(page.locator('.print-root')).toContainText(orderNo);
    await expect(page.locator('.print-root')).toContainText(itemName);
    await expect(page.locator('.print-root')).toContainText('Rs. 12,000.00');
    await page.goBack();
    await waitForSynced(page);

    // The tablet at the back door, Staff: 6 of the 10 come; counted offline, the tablet reloaded, then online.
    const tabletContext = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, hasTouch: true });
    const tablet = await tabletContext.newPage();
    await loginAs(tablet, staffUser);
    await waitForServiceWorkerControl(tablet);
    await waitForSynced(tablet);
    await tablet.goto(orderPath);
    await expect(tablet.locator('.status-pill')).toHaveText('Ordered');
    await tabletContext.setOffline(true);
    await expect(new AppShell(tablet).syncIndicator).toContainText('Offline');
    await tablet.getByRole('button', { name: 'Receive', exact: true }).click();
    const tabletPanel = tablet.getByRole('region', { name: 'Receive delivery' });
    await tabletPanel.getByLabel('Scan or find a part').fill(barcode);
    await tabletPanel.getByLabel('Scan or find a part').press('Enter');
    await tabletPanel.getByLabel(`Quantity of ${itemName} received`).fill('6');
    await tabletPanel.getByRole('button', { name: 'Record Delivery' }).click();
    await expect(tablet.locator('.status-pill')).toHaveText('Partly Received');
    await expect(tablet.getByTestId('still-to-come')).toHaveText('4');
    // Staff see no cost on the order.
    await expect(tablet.locator('main')).not.toContainText('1,200.00');
    await tablet.reload();
    await expect(tablet.getByTestId('still-to-come')).toHaveText('4');
    await expect(tablet.getByRole('list', { name: 'Deliveries' })).toContainText('not sent yet');
    await tabletContext.setOffline(false);
    await waitForSynced(tablet, 40_000);
    // On the server: 2 + 6 pads, at (2 × 1,000 + 6 × 1,200) ÷ 8 = Rs. 1,150.
    expect(await itemOnServer()).toMatchObject({ stockQuantity: 8, costPrice: 1150 });

    // The next day's delivery, on the counter: the other 4; the order is Received.
    await waitForSynced(page);
    await page.goto(orderPath);
    await expect(page.getByTestId('still-to-come')).toHaveText('4');
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const counterPanel = page.getByRole('region', { name: 'Receive delivery' });
    await counterPanel.getByLabel(`Quantity of ${itemName} received`).fill('4');
    await counterPanel.getByRole('button', { name: 'Record Delivery' }).click();
    await expect(page.locator('.status-pill')).toHaveText('Received');
    await expect(page.getByTestId('still-to-come')).toHaveText('0');

    // Labels for what came now: exactly 4, read back from the PDF.
    const deliveries = page.getByRole('list', { name: 'Deliveries' }).locator(':scope > li');
    await expect(deliveries).toHaveCount(2);
    await deliveries.nth(1).getByRole('link', { name: 'Print Labels' }).click();
    await expect(page.locator('.print-root .shelf-label')).toHaveCount(4);
    const [labels] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const labelsFile = testInfo.outputPath('labels.pdf');
    await labels.saveAs(labelsFile);
    expect(pdfText(labelsFile).split(itemName).length - 1).toBe(4);
    await page.goBack();
    await waitForSynced(page);
    expect(await itemOnServer()).toMatchObject({ stockQuantity: 12, costPrice: 1166.67 });

    // The supplier's bill for both deliveries: 10 at Rs. 1,200, matching what came.
    await page.goto('/inventory/suppliers');
    await page.getByRole('link', { name: `Account of ${supplierName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: supplierName })).toBeVisible();
    await page.getByRole('button', { name: 'Enter Bill' }).click();
    const bill = page.getByRole('region', { name: 'Enter bill' });
    await bill.getByLabel('Bill No.').fill(`LAP-${tag}`);
    await expect(bill.locator('tbody tr')).toHaveCount(2);
    await expect(bill.getByTestId('bill-total')).toHaveText('Rs. 12,000.00');
    await expect(bill.locator('tr[data-differs="true"]')).toHaveCount(0);
    await bill.getByRole('button', { name: 'Save Bill' }).click();
    await expect(page.getByTestId('supplier-owed')).toHaveText('Rs. 12,000.00');

    // Paid in cash from the counter's drawer (opened with Rs. 20,000), then the drawer closed: on the Z report.
    await page.goto('/transaction/cash-drawer');
    await page.getByRole('spinbutton', { name: 'Float (LKR)' }).fill('20000');
    await page.getByRole('button', { name: 'Open Drawer' }).click();
    await expect(page.getByTestId('drawer-session')).toContainText('float Rs. 20,000.00');
    await page.goBack();
    await page.getByRole('button', { name: 'Pay Supplier' }).click();
    const pay = page.getByRole('region', { name: 'Pay supplier' });
    await expect(pay.getByLabel('Amount')).toHaveValue('12000');
    await pay.getByLabel('Method').selectOption('Cash');
    await pay.getByRole('button', { name: 'Record Payment' }).click();
    await expect(page.getByTestId('supplier-owed')).toHaveText('Rs. 0.00');
    await snap(page, testInfo, 'purchasing-story-account');
    await page.goto('/transaction/cash-drawer');
    await expect(page.getByTestId('drawer-expected')).toHaveText('Rs. 8,000.00');
    await page.getByRole('button', { name: 'Close Drawer' }).click();
    await page.getByRole('spinbutton', { name: 'Pieces of Rs. 5,000', exact: true }).fill('1');
    await page.getByRole('spinbutton', { name: 'Pieces of Rs. 1,000', exact: true }).fill('3');
    await page.getByRole('button', { name: 'Compare with Expected' }).click();
    await expect(page.getByTestId('drawer-difference')).toHaveText('Rs. 0.00');
    await page.getByRole('button', { name: 'Close Drawer' }).click();
    await expect(page).toHaveURL(/\/print\/z-reports\//);
    // Printed once the report is drawn from the device's records.
    await expect(page.locator('.print-root-preview .print-z-report')).toContainText('Difference');
    const zFile = testInfo.outputPath('z-report.pdf');
    await page.pdf({ path: zFile, preferCSSPageSize: true, printBackground: true });
    const zText = execFileSync('pdftotext', ['-raw', zFile, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    for (const words of ['Float Rs. 20,000.00', 'Pay out -Rs. 12,000.00', 'Expected Rs. 8,000.00', 'Difference Rs. 0.00', `Paid to ${supplierName}`])
      expect(zText, words).toContain(words);

    // One pad back to the supplier, from the tablet's delivery, at the Rs. 1,200 it came at: a credit.
    await page.goto(orderPath);
    await page.getByRole('list', { name: 'Deliveries' }).getByRole('button', { name: 'Return to Supplier' }).first().click();
    const back = page.getByRole('region', { name: 'Return to supplier' });
    await back.getByLabel(`Quantity of ${itemName} to return`).fill('1');
    await back.getByLabel('Reason').fill('Cracked backing plate');
    await back.getByRole('button', { name: 'Record Return' }).click();
    await expect(page.getByRole('list', { name: 'Returns to supplier' })).toContainText('credit Rs. 1,200.00');
    await page.goto(`/inventory/payables/${supplierId}`);
    await expect(page.getByTestId('supplier-credit')).toHaveText('Rs. 1,200.00');
    // The month's purchases from the supplier: 12,000 received, 1,200 sent back.
    await page.goto('/report/purchases');
    const purchases = page.locator('table.purchases-by-supplier tbody tr', { hasText: supplierName });
    await expect(purchases.getByRole('cell')).toHaveText([supplierName, '2', 'Rs. 12,000.00', 'Rs. 1,200.00', 'Rs. 10,800.00'], { useInnerText: true });
    await waitForSynced(page);

    // On the server: 12 − 1 pads; the cost (12 × 1,166.67 − 1,200) ÷ 11 = Rs. 1,163.64.
    expect(await itemOnServer()).toMatchObject({ stockQuantity: 11, costPrice: 1163.64 });
    const payables = await api<{ suppliers: { supplierId: string; owed: number; credit: number }[] }>(request, token, 'get', '/api/payables');
    expect(payables.suppliers.find((row) => row.supplierId === supplierId)).toMatchObject({ owed: 0, credit: 1200 });
    await tabletContext.close();
  });
});
