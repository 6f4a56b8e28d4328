import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';
import { openJobInRegister } from './support/register';

// Issue 47: a job's cart left open on the tablet after the counter billed that job stayed there,
// ready to sell the job twice. The register notices the invoice as it syncs and closes the cart.

const run = `r${Date.now().toString(36).slice(-5)}`;

test('a job cart left open closes, with a message, once the job is invoiced at another register', async ({ page, request }) => {
  const token = await adminToken(request);
  const plate = `CAR-${run.toUpperCase()}`;
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Sunil Fernando ${run}`, '0773456789', plate));
  const body = openJobBody(customer._id, plate, { jobServices: [jobService(`Full service ${run}`, 4500)] });
  const { jobCard } = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', body);
  await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });

  await loginAs(page, admin);
  await waitForSynced(page);
  await openJobInRegister(page, jobCard._id);

  // The counter bills the same job meanwhile.
  const sale = saleBody(customer._id, [saleLine(`Full service ${run}`, 4500)], { jobCardId: jobCard._id });
  const { invoice } = await api<{ invoice: { invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', sale);

  const message = `${jobCard.jobNumber} was invoiced elsewhere (${invoice.invoiceNo}): its sale here is closed.`;
  await expect(page.locator('.toast').filter({ hasText: message })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Job being invoiced' })).toHaveCount(0);
  await expect(page.locator('table.cart-table tbody tr').filter({ hasText: `Full service ${run}` })).toHaveCount(0);
  await expect(page).toHaveURL(/\/transaction\/sales-register$/);

  // A reload finds the cart empty: nothing is left to sell twice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales Register' })).toBeVisible();
  await expect(page.locator('table.cart-table tbody tr').filter({ hasText: `Full service ${run}` })).toHaveCount(0);
});
