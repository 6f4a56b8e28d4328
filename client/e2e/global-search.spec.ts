import type { Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, itemBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';

// Issue 28 in the browser: the top bar's 'Search...' finds, offline, a customer by a phone ending, a
// vehicle by its plate however it is typed, a job by its bare number, an invoice by its number and an
// item by its barcode; each result opens its record, the vehicle its service history.

const run = Date.now()
  .toString(36)
  .slice(-4)
  .toUpperCase()
  .replace(/[^A-Z]/g, 'Q');
const letters = `${run.slice(0, 2)}Z`; // three letters, so the plate is a modern one: WP ABZ-4821
const plate = `WP ${letters}-4821`;

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(text);
  return page.getByRole('listbox', { name: 'Search results' });
}

test('the top bar finds customers, vehicles, jobs, invoices and items offline, and opens each', async ({ page, context, request }, testInfo) => {
  const token = await adminToken(request);
  const customerName = `Sunethra Jayasinghe ${run}`;
  const customer = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(customerName, '0714448821', plate));
  const jobBody = openJobBody(customer.customer._id, plate, { currentMileage: 48210, jobServices: [jobService(`Full service ${run}`, 8500)] });
  const job = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', jobBody);
  await api(request, token, 'put', `/api/job-cards/${job.jobCard._id}`, { status: 'Finished' });
  const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Filters ${run}` })).category._id;
  const barcode = `4796${Date.now().toString().slice(-9)}`;
  const itemId = (await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', itemBody(category, { itemName: `Oil filter ${run}`, barcode, unitPrice: 1100 }))).item
    ._id;
  const sale = saleBody(customer.customer._id, [saleLine(`Oil filter ${run}`, 1100, { itemId, warrantyMonths: 6 })], { jobCardId: job.jobCard._id });
  const { invoice } = await api<{ invoice: { _id: string; invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', sale);

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await context.setOffline(true);

  // '/' puts the cursor in the box; a phone's last digits find the customer, the match marked.
  await page.locator('body').press('/');
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  let results = await searchFor(page, '8821');
  const customerGroup = results.getByRole('group', { name: 'Customers' });
  await expect(customerGroup.getByRole('option')).toContainText([customerName]);
  await expect(customerGroup.getByRole('option').first().locator('mark')).toHaveText('8821');

  // The plate however it is typed: spacing, dash, case, province. Vehicles come first.
  for (const typed of [plate, `${letters.toLowerCase()}4821`, `${letters} 4821`, `${letters}-4821`]) {
    results = await searchFor(page, typed);
    await expect(results.getByRole('group').first()).toHaveAttribute('aria-label', 'Vehicles');
    await expect(results.getByRole('group', { name: 'Vehicles' }).getByRole('option')).toContainText([plate]);
  }
  await snap(page, testInfo, 'global-search-plate');

  // A job by its bare number, opened with the arrows and Enter.
  const bare = String(Number(job.jobCard.jobNumber.replace(/\D/g, '')));
  results = await searchFor(page, bare);
  await expect(results.getByRole('group').first()).toHaveAttribute('aria-label', 'Job Cards');
  await expect(results.getByRole('group', { name: 'Job Cards' }).getByRole('option').first()).toContainText(job.jobCard.jobNumber);
  await page.getByRole('combobox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/job-cards/${job.jobCard._id}$`));

  // An invoice by its number opens its reprint.
  results = await searchFor(page, invoice.invoiceNo);
  await results.getByRole('group', { name: 'Invoices' }).getByRole('option').first().click();
  await expect(page).toHaveURL(new RegExp(`/print/invoices/${invoice._id}`));
  await page.getByRole('button', { name: 'Back' }).click();

  // An item by its barcode opens Item Inventory searched for it.
  results = await searchFor(page, barcode);
  await results.getByRole('group', { name: 'Items' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/inventory\/items\?search=/);
  await expect(page.locator('table tbody tr').filter({ hasText: `Oil filter ${run}` })).toHaveCount(1);

  // The vehicle's service history: its owner, the job with its mileage, the invoice, the warranty running.
  results = await searchFor(page, `${letters}4821`);
  await results.getByRole('group', { name: 'Vehicles' }).getByRole('option').first().click();
  await expect(page).toHaveURL(new RegExp(`/vehicles/${letters}4821$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Vehicle ${plate}`);
  await expect(page.getByTestId('vehicle-mileage')).toContainText('48,210 km');
  await expect(page.locator('table.vehicle-jobs tbody tr')).toContainText([job.jobCard.jobNumber]);
  await expect(page.locator('table.vehicle-invoices tbody tr')).toContainText([invoice.invoiceNo]);
  await expect(page.locator('table.vehicle-warranties tbody tr')).toContainText([`Oil filter ${run}`]);
  await snap(page, testInfo, 'vehicle-history');

  // Ctrl+K from anywhere; Escape closes the list. On a portrait tablet the box and its list fit.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.keyboard.press('Control+k');
  results = await searchFor(page, customerName.split(' ')[0]!);
  await expect(results.getByRole('option').first()).toBeVisible();
  const box = await results.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(768);
  const option = await results.getByRole('option').first().boundingBox();
  expect(option!.height).toBeGreaterThanOrEqual(44);
  await snap(page, testInfo, 'global-search-768');
  await page.getByRole('combobox', { name: 'Search' }).press('Escape');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on the workshop tablet the search is an icon that opens the box', async ({ browser, request }, testInfo) => {
  const token = await adminToken(request);
  const customerName = `Chaminda Perera ${run}`;
  await api(request, token, 'post', '/api/customers', customerBody(customerName, '0723339914', `CP ${letters}-7310`));
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  const page = await context.newPage();
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await context.setOffline(true);
  // Folded: a 44 px icon beside the bell, nothing under where toasts appear.
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Search' });
  const box = await toggle.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await toggle.tap();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  const results = await searchFor(page, `${letters}7310`);
  await expect(results.getByRole('group', { name: 'Vehicles' }).getByRole('option')).toContainText([`CP ${letters}-7310`]);
  const list = await results.boundingBox();
  expect(list!.x).toBeGreaterThanOrEqual(0);
  expect(list!.x + list!.width).toBeLessThanOrEqual(768);
  await snap(page, testInfo, 'global-search-tablet-touch');
  await results.getByRole('group', { name: 'Customers' }).getByRole('option').first().tap();
  await expect(page).toHaveURL(/\/customers\?search=/);
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  await expect(page.locator('table tbody tr').filter({ hasText: customerName })).toHaveCount(1);
  await context.close();
});
