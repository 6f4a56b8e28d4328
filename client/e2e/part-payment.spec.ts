import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';
import { openJobInRegister } from './support/register';

// Issue 47: a part payment had no tendered amount, so the change given on it could not be recorded.
// At the register and in Record Payment, a part payment in cash takes what was handed over; the
// payment is the part, the receipt prints Tendered and Change.

const run = `r${Date.now().toString(36).slice(-5)}`;

interface ApiInvoice {
  _id: string;
  invoiceNo: string;
  paidAmount: number;
  due: number;
  paymentHistory: { amount: number; tenderedAmount?: number }[];
}

test('a part payment records what was handed over and the change, at the register and in Record Payment', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const name = `Sunil Fernando ${run}`;
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(name, '0773456789', `CAB-${run}`));
  const { jobCard } = await api<{ jobCard: { _id: string } }>(
    request,
    token,
    'post',
    '/api/job-cards',
    openJobBody(customer._id, `CAB-${run}`, { jobServices: [jobService(`Full Service ${run}`, 11350)] }),
  );
  await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });
  const owing = saleBody(customer._id, [saleLine(`Brake pads ${run}`, 4000)], { paidAmount: 0 });
  const { invoice: earlier } = await api<{ invoice: ApiInvoice }>(request, token, 'post', '/api/sales/sales-invoices', owing);
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await loginAs(page, admin);
  await waitForSynced(page);

  // The register: Rs. 5,000.00 of Rs. 11,350.00 paid from a Rs. 5,500.00 handed over.
  await openJobInRegister(page, jobCard._id);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.getByLabel('Paid Amount (LKR)').fill('5000');
  await modal.getByLabel('Tendered (LKR)').fill('4000');
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'The amount handed over cannot be less than the payment.' }).last()).toBeVisible();
  await modal.getByLabel('Tendered (LKR)').fill('5500');
  await expect(modal.getByTestId('payment-due')).toHaveText('Rs. 6,350.00');
  await expect(modal.getByTestId('payment-change')).toHaveText('Rs. 500.00');
  await modal.screenshot({ path: testInfo.outputPath('payment-part.png') });
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);
  await waitForSynced(page);
  const { invoice: sold } = await api<{ invoice: ApiInvoice }>(request, token, 'get', `/api/sales/sales-invoices/by-job-card/${jobCard._id}`);
  expect(sold).toMatchObject({ paidAmount: 5000, due: 6350 });
  await page.goto(`/print/invoices/${sold._id}?doc=receipt`);
  const receipt = page.locator('.print-root-preview .print-receipt');
  await expect(receipt).toContainText('Paid');
  await expect(receipt.locator('.receipt-tendered td')).toHaveText('Rs. 5,500.00');
  await expect(receipt.locator('.receipt-change td')).toHaveText('Rs. 500.00');

  // Record Payment: Rs. 1,500.00 of the Rs. 4,000.00 due, from a Rs. 2,000.00 note.
  await page.goto('/transaction/due-list');
  await page.locator('.customer-filter .picker-button').click();
  const picker = page.getByRole('dialog', { name: 'Choose a customer' });
  await picker.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await picker.getByRole('option').filter({ hasText: name }).getByRole('button').click();
  await page.getByRole('button', { name: `Record payment for ${earlier.invoiceNo}` }).click();
  const record = page.getByRole('dialog', { name: 'Record Payment' });
  await record.getByLabel('Payment Method').selectOption('Cash');
  await record.getByLabel('Paying Amount (LKR)').fill('1500');
  await record.getByLabel('Tendered (LKR)').fill('2000');
  await expect(record.getByTestId('payment-change')).toHaveText('Rs. 500.00');
  await record.screenshot({ path: testInfo.outputPath('record-payment-part.png') });
  await record.getByRole('button', { name: 'Record Payment' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Payment recorded successfully!' }).last()).toBeVisible();
  await waitForSynced(page);
  await page.goto(`/print/invoices/${earlier._id}?doc=receipt`);
  await expect(receipt.locator('.receipt-tendered td')).toHaveText('Rs. 2,000.00');
  await expect(receipt.locator('.receipt-change td')).toHaveText('Rs. 500.00');
  await expect(receipt).toContainText('Rs. 2,500.00'); // the balance
});
