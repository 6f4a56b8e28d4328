import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { itemBody } from '../../tests/factories';

// Issue 44, point 7: a Manager receives all 10 oil filters of an order at Rs. 90 (2 were on hand at
// Rs. 100), then, offline, sends 2 of them back to the supplier from that delivery; a reload; online
// again the server holds the return (a credit of Rs. 180), the stock is 10 and the average cost takes
// the 2 out at the Rs. 90 they came at: (12 × 91.67 − 2 × 90) ÷ 10 = Rs. 92.00.

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const itemName = `Oil Filter ${tag}`;
const barcode = `RF${tag}`;
const manager = { name: `Return Manager ${tag}`, email: `return.manager.${tag.toLowerCase()}@garage.test`, password: 'secret-789' };

interface ApiItem {
  itemName: string;
  stockQuantity: number;
  costPrice: number;
}

test.describe('a return to the supplier, offline', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('received, 2 sent back offline; online again the server holds the return, the stock and the cost', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const token = await adminToken(request);
    await api(request, token, 'post', '/api/user/save-user', { id: null, ...manager, phoneNo: '', role: 'Manager', status: true });
    const category = await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Filters ${tag}`, description: '' });
    const { item } = await api<{ item: { _id?: string; id?: string } }>(
      request,
      token,
      'post',
      '/api/items',
      itemBody(category.category._id, { itemName, barcode, costPrice: 100, stockQuantity: 2, reorderLevel: 1 }),
    );
    const itemId = (item._id ?? item.id)!;
    const { supplier } = await api<{ supplier: { id: string } }>(request, token, 'post', '/api/suppliers', { name: `Lanka Auto Parts ${tag}` });
    const made = await api<{ order: { _id: string } }>(request, token, 'post', '/api/purchase-orders', {
      supplier: supplier.id,
      lines: [{ item: itemId, quantity: 10, unitCost: 90 }],
    });
    const orderId = made.order._id;
    await api(request, token, 'post', `/api/purchase-orders/${orderId}/order`, {});

    await loginAs(page, manager);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page, 40_000);

    // The Manager receives all 10 on the order's page.
    await page.goto(`/inventory/purchase-orders/${orderId}`);
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    const receive = page.getByRole('region', { name: 'Receive delivery' });
    await receive.getByLabel(`Quantity of ${itemName} received`).fill('10');
    await receive.getByRole('button', { name: 'Record Delivery' }).click();
    await expect(page.locator('.status-pill')).toHaveText('Received');
    await waitForSynced(page, 40_000);

    // Offline: 2 go back to the supplier from that delivery; more than is left is refused in the page first.
    await context.setOffline(true);
    await expect(new AppShell(page).syncIndicator).toContainText('Offline');
    const deliveries = page.getByRole('list', { name: 'Deliveries' });
    await deliveries.getByRole('button', { name: 'Return to Supplier' }).click();
    const panel = page.getByRole('region', { name: 'Return to supplier' });
    await expect(panel.getByTestId('left-to-return')).toHaveText('10');
    const quantity = panel.getByLabel(`Quantity of ${itemName} to return`);
    await quantity.fill('11');
    await panel.getByRole('button', { name: 'Record Return' }).click();
    await expect(panel.getByRole('alert')).toHaveText(`Only 10 of ${itemName} came in this delivery and has not been sent back.`);
    await quantity.fill('2');
    await panel.getByLabel('Reason').fill('Wrong size');
    await panel.getByRole('button', { name: 'Record Return' }).click();
    await expect(panel).toHaveCount(0);
    const returns = page.getByRole('list', { name: 'Returns to supplier' });
    await expect(returns).toContainText(`2 × ${itemName} at Rs. 90.00`);
    await expect(returns).toContainText('credit Rs. 180.00');
    await expect(returns).toContainText('not sent yet');
    await expect(deliveries).toContainText('(2 sent back)');

    // A reload, still offline: the return is on the device.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Returns to supplier' })).toContainText('not sent yet');

    // Online again: the server holds it.
    await context.setOffline(false);
    await waitForSynced(page, 40_000);
    const items = (await api<{ items: ApiItem[] }>(request, token, 'get', `/api/items?search=${encodeURIComponent(itemName)}`)).items;
    expect(items.find((row) => row.itemName === itemName)).toMatchObject({ stockQuantity: 10, costPrice: 92 });
    const order = await api<{ returns: { credit: number; reviewState: string; note: string; returnedBy: string }[] }>(request, token, 'get', `/api/purchase-orders/${orderId}`);
    expect(order.returns).toEqual([expect.objectContaining({ credit: 180, reviewState: '', note: 'Wrong size', returnedBy: manager.name })]);
    await expect(page.getByRole('list', { name: 'Returns to supplier' })).not.toContainText('not sent yet');
  });
});
