import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { toastWith } from './support/list-page';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobService, openJobBody } from '../../tests/factories';

// Issue 47: cents in cash sales made a difference at every close. With 'Round cash sales to the
// rupee' set in Company Detail, a cash sale of Rs. 2,921.18 is paid Rs. 2,921.00, the -0.18 a
// rounding line on the invoice; by card it is paid to the cent.

const run = `r${Date.now().toString(36).slice(-5)}`;

test('a cash sale rounded to the rupee shows and prints its rounding line', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  await api(request, token, 'put', '/api/company', { name: `Lanka Auto Care ${run}`, address: 'No. 45, Galle Road, Dehiwala', phone: '0771234567', email: 'info@lankaauto.test' });
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Sunil Fernando ${run}`, '0773456789', `CAB-${run}`));
  const { jobCard } = await api<{ jobCard: { _id: string } }>(
    request,
    token,
    'post',
    '/api/job-cards',
    openJobBody(customer._id, `CAB-${run}`, { jobServices: [jobService(`Labour ${run}`, 2921.18)] }),
  );
  await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await loginAs(page, admin);
  await waitForSynced(page);

  await page.goto('/settings/company');
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue(`Lanka Auto Care ${run}`);
  await page.getByLabel(/Round cash sales to the rupee/).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastWith(page, 'Company details saved.')).toBeVisible();

  await page.goto(`/transaction/sales-register?jobId=${jobCard._id}`);
  await expect(page.getByTestId('total-payable')).toHaveText('Rs. 2,921.18');
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await expect(modal.getByTestId('payment-rounding')).toHaveText('-Rs. 0.18');
  await expect(modal.locator('.payment-total strong')).toHaveText('Rs. 2,921.00');
  await expect(modal.getByLabel('Paid Amount (LKR)')).toHaveValue('2921.00');
  // By card it is paid to the cent.
  await modal.getByLabel('Payment Method').selectOption('Card');
  await expect(modal.getByTestId('payment-rounding')).toHaveCount(0);
  await expect(modal.locator('.payment-total strong')).toHaveText('Rs. 2,921.18');
  await expect(modal.getByLabel('Paid Amount (LKR)')).toHaveValue('2921.18');
  await modal.getByLabel('Payment Method').selectOption('Cash');
  await modal.screenshot({ path: testInfo.outputPath('payment-rounded.png') });
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);
  await waitForSynced(page);

  const { invoice } = await api<{ invoice: { _id: string; total: number; rounding?: number; paidAmount: number; due: number; status: string } }>(
    request,
    token,
    'get',
    `/api/sales/sales-invoices/by-job-card/${jobCard._id}`,
  );
  expect(invoice).toMatchObject({ total: 2921, rounding: -0.18, paidAmount: 2921, due: 0, status: 'Paid' });
  await page.goto(`/print/invoices/${invoice._id}?doc=invoice`);
  await expect(page.locator('.print-root-preview .print-invoice')).toHaveCount(1, { timeout: 20_000 });
  const file = testInfo.outputPath('invoice-rounded.pdf');
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, testInfo.outputPath('invoice-rounded')]);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  expect(text).toMatch(/Subtotal Rs\. 2,921\.18\nSales Tax \(0% incl\.\) Rs\. 0\.00\nRounding -Rs\. 0\.18\nTotal Rs\. 2,921\.00\nPaid Rs\. 2,921\.00\nDue Rs\. 0\.00/);
});
