import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { itemBody } from '../../tests/factories';

// Issue 44, points 1 to 4: a supplier, an order of 10 oil filters at Rs. 90 placed, 6 of them received
// on the tablet offline (scanned, then the count typed), a reload, back online: the server holds the
// delivery, the stock moved by 6 and the cost is the weighted average of the 2 on hand at Rs. 100 and
// the 6 at Rs. 90, Rs. 92.50.

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const supplierName = `Lanka Auto Parts ${tag}`;
const itemName = `Oil Filter ${tag}`;
const barcode = `OF${tag}`;

interface ApiItem {
  itemName: string;
  stockQuantity: number;
  costPrice: number;
  lastCost: number;
}

test.describe('receiving an order on the tablet, offline', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('supplier, order, placed; 6 of 10 received offline; online again the stock and the cost are right', async ({ page, context, request }) => {
    const token = await adminToken(request);
    await api(request, token, 'post', '/api/categories', { name: `Filters ${tag}` });
    const category = (await api<{ categories: { _id: string; name: string }[] }>(request, token, 'get', '/api/categories')).categories.find((c) => c.name === `Filters ${tag}`)!;
    await api(request, token, 'post', '/api/items', itemBody(category._id, { itemName, barcode, costPrice: 100, stockQuantity: 2, reorderLevel: 1 }));

    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);

    // The supplier.
    await page.goto('/inventory/suppliers');
    await page.getByRole('button', { name: '+ Add Supplier' }).click();
    const form = page.getByRole('dialog', { name: 'Add Supplier' });
    await form.getByLabel('Supplier Name').fill(supplierName);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: `Edit ${supplierName}` })).toBeVisible();

    // The order: 10 at Rs. 90, saved as a draft and placed.
    await page.goto('/inventory/purchase-orders');
    await page.getByRole('button', { name: '+ New Order' }).click();
    await page.getByRole('combobox', { name: 'Supplier' }).selectOption({ label: supplierName });
    const adder = page.getByLabel('Add item (name or barcode)');
    await adder.fill(barcode);
    await adder.press('Enter');
    await page.getByLabel(`Quantity of ${itemName}`).fill('10');
    await page.getByLabel(`Unit cost of ${itemName}`).fill('90');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByRole('heading', { name: /Purchase Order PO-D[A-Z0-9]+-00001/ })).toBeVisible();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('.status-pill')).toHaveText('Ordered');
    await waitForSynced(page);
    const orderUrl = page.url();

    // At the back door, offline: scan the part (one), then type the count that came (six).
    await context.setOffline(true);
    await expect(new AppShell(page).syncIndicator).toContainText('Offline');
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Receive delivery' });
    const scan = panel.getByLabel('Scan or find a part');
    await scan.fill(barcode);
    await scan.press('Enter');
    const count = panel.getByLabel(`Quantity of ${itemName} received`);
    await expect(count).toHaveValue('1');
    await count.fill('6');
    await panel.getByRole('button', { name: 'Record Delivery' }).click();
    await expect(page.locator('.status-pill')).toHaveText('Partly Received');
    await expect(page.getByTestId('still-to-come')).toHaveText('4');
    await expect(page.getByRole('list', { name: 'Deliveries' })).toContainText(`6 × ${itemName}`);

    // A reload, still offline: the delivery is on the tablet.
    await page.reload();
    await expect(page.getByTestId('still-to-come')).toHaveText('4');
    await expect(page.getByRole('list', { name: 'Deliveries' })).toContainText('not sent yet');

    // Online again: the server holds it; stock 2 + 6, cost (2 × 100 + 6 × 90) ÷ 8 = 92.50.
    await context.setOffline(false);
    await waitForSynced(page, 40_000);
    const items = (await api<{ items: ApiItem[] }>(request, token, 'get', `/api/items?search=${encodeURIComponent(itemName)}`)).items;
    expect(items.find((item) => item.itemName === itemName)).toMatchObject({ stockQuantity: 8, costPrice: 92.5, lastCost: 90 });
    const orderId = orderUrl.split('/').pop()!;
    const order = await api<{ order: { status: string }; lines: { received: number; stillToCome: number }[]; receipts: { total: number; reviewState: string }[] }>(
      request,
      token,
      'get',
      `/api/purchase-orders/${orderId}`,
    );
    expect(order.order.status).toBe('Partly Received');
    expect(order.lines[0]).toMatchObject({ received: 6, stillToCome: 4 });
    expect(order.receipts).toEqual([expect.objectContaining({ total: 540, reviewState: '' })]);
    await expect(page.getByRole('list', { name: 'Deliveries' })).not.toContainText('not sent yet');
  });
});
