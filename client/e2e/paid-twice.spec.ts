import type { APIRequestContext, Browser, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { answerConfirmation } from './support/in-page-confirm';
import { customerBody, saleBody, saleLine } from '../../tests/factories';

// Issue 47, point 4 in the browser: the counter and the tablet, both offline, take the last
// Rs. 683 of one invoice. After the sync the one that reached the server second is raised for
// review (Payments to Review and the bell), and a Manager settles it: 'Refund' hands it back (the
// invoice paid exactly, no credit), 'Keep as credit' leaves it as the customer's credit.

const run = Date.now().toString(36).slice(-5);

interface ApiInvoice {
  _id: string;
  invoiceNo: string;
  total: number;
  paidAmount: number;
  due: number;
  status: string;
  paymentHistory: { amount: number; method: string }[];
}

async function device(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** A customer owing the last Rs. 683 of a Rs. 2,683 invoice. */
async function owingCustomer(request: APIRequestContext, token: string, name: string, phone: string) {
  const customer = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(name, phone, `PT-${phone.slice(-4)}-${run.toUpperCase()}`));
  const body = saleBody(customer.customer._id, [saleLine(`Timing belt ${run}`, 2683)], { paidAmount: 2000 });
  const { invoice } = await api<{ invoice: ApiInvoice }>(request, token, 'post', '/api/sales/sales-invoices', body);
  return { id: customer.customer._id, name, invoice };
}

/** Record Payment on the Due List: the last Rs. 683 of the invoice, in cash. */
async function payTheRest(page: Page, invoiceNo: string): Promise<void> {
  const row = page.locator('table.due-table > tbody > tr').filter({ hasText: invoiceNo });
  await row.getByRole('button', { name: `Record payment for ${invoiceNo}` }).click();
  const modal = page.getByRole('dialog', { name: 'Record Payment' });
  await expect(modal.getByTestId('payment-due')).toHaveText('Rs. 683.00');
  await modal.getByLabel('Payment Method').selectOption('Cash');
  await modal.getByLabel('Paying Amount (LKR)').fill('683');
  await expect(modal.getByTestId('new-due')).toHaveText('This invoice will be fully paid.');
  await modal.getByRole('button', { name: 'Record Payment' }).click();
  await expect(modal).toHaveCount(0);
}

const serverInvoice = async (request: APIRequestContext, token: string, id: string) =>
  (await api<{ invoice: ApiInvoice }>(request, token, 'get', `/api/sales/sales-invoices/${id}`)).invoice;
const creditOf = async (request: APIRequestContext, token: string, customerId: string) =>
  (await api<{ creditBalance: number }>(request, token, 'get', `/api/sales/due-summary?customerId=${customerId}`)).creditBalance;

test('one payment taken on two devices offline: the second is raised, then refunded or kept as credit by a Manager', async ({ browser, request }, testInfo) => {
  const token = await adminToken(request);
  const refunded = await owingCustomer(request, token, `Mohamed Rizwan ${run}`, '0765551234');
  const kept = await owingCustomer(request, token, `Anoma Gunasekara ${run}`, '0765554321');

  const counter = await device(browser);
  const tablet = await device(browser);
  for (const { page } of [counter, tablet]) {
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    await page.goto('/transaction/due-list');
    await expect(page.locator('table.due-table > tbody > tr').filter({ hasText: refunded.invoice.invoiceNo })).toHaveCount(1);
  }
  for (const { page } of [counter, tablet]) await page.context().setOffline(true);
  for (const { page } of [counter, tablet]) {
    await payTheRest(page, refunded.invoice.invoiceNo);
    await payTheRest(page, kept.invoice.invoiceNo);
  }
  // The counter's payments reach the server first; the tablet's find both invoices paid.
  await counter.page.context().setOffline(false);
  await waitForSynced(counter.page, 30_000);
  await tablet.page.context().setOffline(false);
  await waitForSynced(tablet.page, 30_000);
  await waitForSynced(counter.page, 30_000);
  expect((await serverInvoice(request, token, refunded.invoice._id)).paidAmount).toBe(3366);

  // Raised on the Manager's screen and in the bell: the two payments the tablet took.
  const page = counter.page;
  await page.reload();
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const entry = page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /2 records raised for review/ });
  await expect(entry).toContainText('2 payments');
  await entry.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales to Review' })).toBeVisible();
  const rows = page.locator('table.payment-review-table tbody tr');
  await expect(rows).toHaveCount(2);
  const refundRow = rows.filter({ hasText: refunded.invoice.invoiceNo });
  await expect(refundRow).toContainText(`Rs. 683.00 of this payment found ${refunded.invoice.invoiceNo} already paid: another device took a payment on it meanwhile.`);
  await expect(refundRow.getByRole('button', { name: /Mark .* as reviewed/ })).toHaveCount(0);
  await snap(page, testInfo, 'paid-twice-payments-to-review');
  // The workshop tablet, upright: the row keeps its two choices.
  await page.setViewportSize({ width: 768, height: 1024 });
  await refundRow.getByRole('button', { name: /^Refund / }).scrollIntoViewIfNeeded();
  await expect(refundRow.getByRole('button', { name: /^Refund / })).toBeInViewport({ ratio: 1 });
  await expect(refundRow.getByRole('button', { name: /^Keep .* as credit/ })).toBeInViewport({ ratio: 1 });
  await snap(page, testInfo, 'paid-twice-payments-to-review-768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'Refund': the Rs. 683 goes back in cash, the invoice is paid exactly, no credit is left.
  await refundRow.getByRole('button', { name: /^Refund / }).click();
  await answerConfirmation(page, 'Refund', `Hand Rs. 683.00 back in Cash to ${refunded.name}: the refund is recorded on this register now.`);
  await expect(rows.filter({ hasText: refunded.invoice.invoiceNo })).toHaveCount(0);
  // 'Keep as credit': the other stays with the shop as the customer's credit.
  await rows
    .filter({ hasText: kept.invoice.invoiceNo })
    .getByRole('button', { name: /^Keep .* as credit/ })
    .click();
  await expect(rows).toHaveText(['No payments to review.']);
  await waitForSynced(page, 30_000);

  const afterRefund = await serverInvoice(request, token, refunded.invoice._id);
  expect(afterRefund).toMatchObject({ paidAmount: 2683, due: 0, status: 'Paid' });
  expect(afterRefund.paymentHistory.map((payment) => [payment.method, payment.amount])).toContainEqual(['Cash', -683]);
  expect(await creditOf(request, token, refunded.id)).toBe(0);
  expect(await serverInvoice(request, token, kept.invoice._id)).toMatchObject({ paidAmount: 3366, due: 0, status: 'Paid' });
  expect(await creditOf(request, token, kept.id)).toBe(683);

  // The tablet hears of it: nothing left to review there.
  await waitForSynced(tablet.page, 30_000);
  await tablet.page.goto('/transaction/sales-to-review');
  await expect(tablet.page.locator('table.payment-review-table tbody tr')).toHaveText(['No payments to review.']);
  await tablet.close();
  await counter.close();
});
