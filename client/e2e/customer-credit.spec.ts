import type { APIRequestContext } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, itemBody, saleBody, saleLine } from '../../tests/factories';

// Issue 26, customer credit, in the browser and offline: a part comes back and its refund is kept
// as the customer's credit; the credit shows where the cashier takes money and pays a new sale; the
// due list and Edit Customer say what is left; the server agrees once the register is online.

const run = `c${Date.now().toString(36).slice(-5)}`;

/** An oil filter (Rs. 1,100, 10 in stock), a customer, and a paid sale of 2 filters made through the API. */
async function shopWithSale(request: APIRequestContext) {
  const token = await adminToken(request);
  const filter = `Oil filter ${run}`;
  const barcode = `OF${run.toUpperCase()}`;
  const customerName = `Kamal Silva ${run}`;
  const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Filters ${run}` })).category._id;
  const itemId = (await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', itemBody(category, { itemName: filter, barcode, unitPrice: 1100, stockQuantity: 10 })))
    .item._id;
  const customerId = (await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(customerName, '0779876543', `KS-${run.toUpperCase()}`)))
    .customer._id;
  const sale = saleBody(customerId, [saleLine(filter, 1100, { itemId, quantity: 2 })]);
  const { invoice } = await api<{ invoice: { _id: string; invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', sale);
  return { token, filter, barcode, customerName, customerId, invoiceNo: invoice.invoiceNo };
}

test('a refund kept as credit pays a new sale at the register, offline; the due list and the customer show what is left', async ({ page, context, request }, testInfo) => {
  const shop = await shopWithSale(request);
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await page.goto('/transaction/returns');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await context.setOffline(true);

  // Both filters back to stock, the Rs. 2,200.00 kept as the customer's credit.
  await page.getByRole('searchbox').fill(shop.invoiceNo);
  await page.getByRole('searchbox').press('Enter');
  await page.getByLabel(`Return quantity of ${shop.filter}`).fill('2');
  await page.getByRole('combobox', { name: 'Reason' }).selectOption('Not needed');
  await page.getByRole('combobox', { name: 'Refund Method' }).selectOption('Customer Credit');
  await expect(page.getByTestId('return-refund')).toHaveText('Rs. 2,200.00');
  await page.getByRole('button', { name: 'Confirm Return' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Return recorded: credit note' }).last()).toBeVisible();

  // At the register: one filter, paid from the credit.
  await page.goto('/transaction/sales-register');
  const scan = page.getByRole('combobox', { name: 'Barcode or item name' });
  await scan.fill(shop.barcode);
  await scan.press('Enter');
  await expect(page.getByTestId('total-payable')).toHaveText('Rs. 1,100.00');
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  // Not offered to a guest, nor before a customer with credit is chosen.
  await expect(modal.getByLabel('Payment Method').locator('option', { hasText: 'Customer Credit' })).toHaveCount(0);
  await modal.getByLabel('Find customer').fill(shop.customerName);
  await modal.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: `${shop.customerName} · 0779876543` });
  await expect(modal.getByTestId('credit-balance')).toHaveText('Customer credit: Rs. 2,200.00');
  await modal.getByLabel('Payment Method').selectOption('Customer Credit');
  await expect(modal.getByLabel('Paid Amount (LKR)')).toHaveValue('1100.00');
  // More than is owed would be change from credit: refused in words.
  await modal.getByLabel('Paid Amount (LKR)').fill('1500');
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Customer credit is spent at most up to what is owed: it gives no change.' }).last()).toBeVisible();
  await modal.getByLabel('Paid Amount (LKR)').fill('1100');
  await snap(page, testInfo, 'credit-01-register');
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(modal).toHaveCount(0);

  // The due list, filtered to the customer, says what is left.
  await page.goto('/transaction/due-list');
  await page.locator('.customer-filter .picker-button').click();
  const panel = page.getByRole('dialog', { name: 'Choose a customer' });
  await panel.getByRole('searchbox', { name: 'Search customers' }).fill(shop.customerName);
  await panel.getByRole('option').filter({ hasText: shop.customerName }).getByRole('button').click();
  await expect(page.getByTestId('customer-credit')).toContainText(`${shop.customerName} has Rs. 1,100.00 of customer credit`);
  await snap(page, testInfo, 'credit-02-due-list');

  // Online: the server holds the same balance, and no income came in or went out by credit.
  await context.setOffline(false);
  await waitForSynced(page);
  const summary = await api<{ creditBalance: number }>(request, shop.token, 'get', `/api/sales/due-summary?customerId=${shop.customerId}`);
  expect(summary.creditBalance).toBe(1100);
  const { todayIncome } = await api<{ todayIncome: number }>(request, shop.token, 'get', '/api/dashboard/summary');
  expect(todayIncome).toBe(2200);

  // Edit Customer shows it too.
  await page.goto('/customers');
  await page.getByRole('searchbox').first().fill(shop.customerName);
  await page.getByRole('row').filter({ hasText: shop.customerName }).getByRole('button', { name: /Edit/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Customer' }).getByTestId('customer-credit')).toHaveText('Customer credit: Rs. 1,100.00');
});
