import type { APIRequestContext, BrowserContext, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { outboxCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, saleBody, saleLine } from '../../tests/factories';
import { answerConfirmation } from './support/in-page-confirm';

// Issue 9 in the browser: money owed, never paid twice. Invoices are made through the API (as
// another register would), the device pulls them, and the cashier takes payments on the Due List.

const run = Date.now().toString(36).slice(-5);

interface ApiInvoice {
  _id: string;
  invoiceNo: string;
  total: number;
  paidAmount: number;
  due: number;
  status: string;
  paymentHistory: { amount: number; method: string; note?: string }[];
}

/** A part-paid invoice for the customer: one service line of `total`, `paid` of it in cash. */
async function invoiceFor(request: APIRequestContext, token: string, customerId: string, date: string, total: number, paid: number): Promise<ApiInvoice> {
  const body = saleBody(customerId, [saleLine(`Labour ${run}`, total)], { date, paidAmount: paid });
  return (await api<{ invoice: ApiInvoice }>(request, token, 'post', '/api/sales/sales-invoices', body)).invoice;
}

async function serverInvoice(request: APIRequestContext, token: string, id: string): Promise<ApiInvoice> {
  return (await api<{ invoice: ApiInvoice }>(request, token, 'get', `/api/sales/sales-invoices/${id}`)).invoice;
}

class DueList {
  constructor(readonly page: Page) {}
  /** Logged in, synced and installed, then the Due List reloaded offline with the customer chosen. */
  static async openOffline(page: Page, context: BrowserContext, customerName: string): Promise<DueList> {
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    await context.setOffline(true);
    await page.reload();
    await due.pickCustomer(customerName);
    return due;
  }
  async open(): Promise<void> {
    await this.page.goto('/transaction/due-list');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Due List' })).toBeVisible();
  }
  row(invoiceNo: string) {
    return this.page.locator('table.due-table > tbody > tr').filter({ hasText: invoiceNo });
  }
  toast(text: string) {
    return this.page.locator('.toast').filter({ hasText: text });
  }
  async pickCustomer(name: string): Promise<void> {
    await this.page.locator('.customer-filter .picker-button').click();
    const panel = this.page.getByRole('dialog', { name: 'Choose a customer' });
    await panel.getByRole('searchbox', { name: 'Search customers' }).fill(name);
    await panel.getByRole('option').filter({ hasText: name }).getByRole('button').click();
  }
}

test.describe('due list', () => {
  test.describe.configure({ mode: 'serial' });
  let token = '';
  const customers: Record<'single' | 'bulk' | 'offline' | 'filters' | 'reprint' | 'live' | 'colombo' | 'change', { id: string; name: string }> = {
    single: { id: '', name: `Chaminda Silva ${run}` },
    bulk: { id: '', name: `Dilani Fernando ${run}` },
    offline: { id: '', name: `Esala Bandara ${run}` },
    filters: { id: '', name: `Fathima Rizan ${run}` },
    reprint: { id: '', name: `Gayan Perera ${run}` },
    live: { id: '', name: `Harsha Jayasuriya ${run}` },
    colombo: { id: '', name: `Isuru Wickrama ${run}` },
    change: { id: '', name: `Janaka Ratnayake ${run}` },
  };
  // Colombo (UTC+5:30): an invoice made at 00:10 there, 14 days before today there, is due today
  // (its printed due date); its UTC day is the day before, which would make it a day overdue.
  const colomboToday = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const colomboMadeDay = new Date(Date.parse(`${colomboToday}T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10);
  const justAfterMidnight = new Date(`${colomboMadeDay}T00:10:00+05:30`).toISOString();
  const ddMMyyyy = (day: string) => day.split('-').reverse().join('/');
  const invoices: Record<string, ApiInvoice> = {};
  let bulkId = '';

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    for (const [key, customer] of Object.entries(customers)) {
      const phone = `07712${String(Object.keys(customers).indexOf(key)).padStart(5, '0')}`;
      const body = customerBody(customer.name, phone, `DUE-${key.toUpperCase()}-${run.toUpperCase()}`);
      const created = await api<{ customer: { _id?: string; id?: string } }>(request, token, 'post', '/api/customers', body);
      customer.id = created.customer._id ?? created.customer.id!;
    }
    invoices.single = await invoiceFor(request, token, customers.single.id, '2026-10-01T09:00:00.000Z', 5000, 1000);
    invoices.over = await invoiceFor(request, token, customers.single.id, '2026-11-20T09:00:00.000Z', 2000, 0);
    invoices.b1 = await invoiceFor(request, token, customers.bulk.id, '2026-09-01T09:00:00.000Z', 3000, 0);
    invoices.b2 = await invoiceFor(request, token, customers.bulk.id, '2026-10-01T09:00:00.000Z', 4000, 1000);
    invoices.b3 = await invoiceFor(request, token, customers.bulk.id, '2026-11-01T09:00:00.000Z', 2500, 0);
    invoices.off = await invoiceFor(request, token, customers.offline.id, '2026-11-10T09:00:00.000Z', 1800, 0);
    invoices.f1 = await invoiceFor(request, token, customers.filters.id, '2026-10-05T09:00:00.000Z', 1500, 0);
    invoices.f2 = await invoiceFor(request, token, customers.filters.id, '2026-10-06T09:00:00.000Z', 2500, 0);
    invoices.r1 = await invoiceFor(request, token, customers.reprint.id, '2026-09-03T09:00:00.000Z', 1000, 0);
    invoices.r2 = await invoiceFor(request, token, customers.reprint.id, '2026-09-04T09:00:00.000Z', 3000, 500);
    invoices.live = await invoiceFor(request, token, customers.live.id, '2026-09-05T09:00:00.000Z', 1200, 0);
    invoices.colombo = await invoiceFor(request, token, customers.colombo.id, justAfterMidnight, 700, 0);
    invoices.change = await invoiceFor(request, token, customers.change.id, '2026-11-02T09:00:00.000Z', 16950, 12000);
    // Another device's bulk payment: 1,000 settles r1, 500 goes to r2, which stays on the list.
    bulkId = (
      await api<{ bulkId: string }>(request, token, 'post', '/api/sales/bulk-payments', {
        customerId: customers.reprint.id,
        paymentDate: '2026-11-01',
        paymentMethod: 'Cheque',
        amount: 1500,
        note: `Cheque ${run}`,
      })
    ).bulkId;
  });

  test('a single payment, then an overpayment after its confirmation; the history and the aging', async ({ page, request }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    await due.pickCustomer(customers.single.name);
    const row = due.row(invoices.single!.invoiceNo);
    await expect(row).toContainText('Rs. 4,000.00');
    await expect(row).toContainText('days overdue');
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 6,000.00');
    await expect(page.locator('.aging-summary')).toContainText('31–60 days');

    // The history of the first payment.
    await row.getByRole('button', { name: `Payment history of ${invoices.single!.invoiceNo}` }).click();
    await expect(page.locator('table.payment-history')).toContainText('Rs. 1,000.00');

    // The spec's three checks, then a payment of 1,500.
    await row.getByRole('button', { name: `Record payment for ${invoices.single!.invoiceNo}` }).click();
    const modal = page.getByRole('dialog', { name: 'Record Payment' });
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Please enter a valid positive paying amount.').last()).toBeVisible();
    await modal.getByLabel('Paying Amount (LKR)').fill('1500');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Please select a payment method.').last()).toBeVisible();
    await modal.getByLabel('Payment Method').selectOption('Card');
    await expect(modal.getByTestId('new-due')).toHaveText('New due: Rs. 2,500.00');
    // The payment date is typed as the shop writes it (issue 25): an impossible day is refused in the
    // spec's words; yesterday typed with dashes is yesterday.
    const paymentDate = modal.getByLabel('Payment Date');
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await expect(paymentDate).toHaveValue(new Date().toLocaleDateString('en-GB'));
    await paymentDate.fill('31/02/2026');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Please select a payment date.').last()).toBeVisible();
    await expect(paymentDate).toHaveAttribute('aria-invalid', 'true');
    await paymentDate.fill(yesterday.toLocaleDateString('en-GB').replaceAll('/', '-'));
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Payment recorded successfully!').last()).toBeVisible();
    await expect(row).toContainText('Rs. 2,500.00');
    await expect(page.locator('table.payment-history').first()).toContainText(yesterday.toLocaleDateString('en-GB'));

    // Overpaying the other invoice asks first, in the spec's words.
    const over = due.row(invoices.over!.invoiceNo);
    await over.getByRole('button', { name: `Record payment for ${invoices.over!.invoiceNo}` }).click();
    await modal.getByLabel('Payment Method').selectOption('Cash');
    await modal.getByLabel('Paying Amount (LKR)').fill('2000');
    await expect(modal.getByTestId('new-due')).toHaveText('This invoice will be fully paid.');
    await modal.getByLabel('Paying Amount (LKR)').fill('2300');
    // More than the due: the cashier says where the extra goes (issue 23: change given is not income).
    await expect(modal.getByTestId('new-due')).toHaveText('Rs. 300.00 more than the due: give it back as change, or keep it as credit?');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Choose whether the extra is given back as change or kept as credit.').last()).toBeVisible();
    await modal.getByLabel('Give Rs. 300.00 back as change').check();
    await expect(modal.getByTestId('new-due')).toHaveText('Change to give: Rs. 300.00. This invoice will be fully paid.');
    await modal.getByLabel('Keep Rs. 300.00 as credit on this invoice').check();
    await expect(modal.getByTestId('new-due')).toHaveText('Overpaid by Rs. 300.00, kept as credit.');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await answerConfirmation(page, 'Record payment', 'Paying Rs. 2,300.00 will overpay by Rs. 300.00. Do you want to proceed?');
    await expect(due.toast('Payment recorded successfully!').last()).toBeVisible();
    await expect(over).toHaveCount(0); // paid: it leaves the due list
    await snap(page, test.info(), 'due-01-after-payments');

    await waitForSynced(page);
    expect(await serverInvoice(request, token, invoices.single!._id)).toMatchObject({ paidAmount: 2500, due: 2500, status: 'Due' });
    expect(await serverInvoice(request, token, invoices.over!._id)).toMatchObject({ paidAmount: 2300, due: 0, status: 'Paid' });
  });

  test('a bulk payment over three invoices, oldest first, with a remainder; one operation', async ({ page, request }) => {
    await page.addInitScript(() => {
      (window as unknown as { __prints: number }).__prints = 0;
      window.print = () => {
        (window as unknown as { __prints: number }).__prints += 1;
      };
    });
    await loginAs(page, admin);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    await expect(page.getByRole('button', { name: 'Bulk Payment' })).toBeDisabled();
    await due.pickCustomer(customers.bulk.name);
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 8,500.00'); // 3,000 + 3,000 + 2,500
    await page.getByRole('button', { name: 'Bulk Payment' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk Payment' });
    await expect(modal.getByLabel('Amount (LKR)')).toHaveValue('8500.00');
    await modal.getByLabel('Amount (LKR)').fill('9000');
    await modal.getByLabel('Payment Method').selectOption('Mobile');
    await modal.getByLabel('Note').fill('Paid by phone');
    const allocations = modal.locator('table.allocation-table tbody tr');
    await expect(allocations).toHaveCount(3);
    await expect(allocations.locator('td:first-child')).toHaveText([invoices.b1!.invoiceNo, invoices.b2!.invoiceNo, invoices.b3!.invoiceNo]);
    await expect(allocations.locator('td:nth-child(2)')).toHaveText(['01/09/2026', '01/10/2026', '01/11/2026']); // dd/MM/yyyy, as every date in text
    await expect(modal.getByTestId('bulk-remainder')).toHaveText('Applied Rs. 8,500.00 · Remainder Rs. 500.00');
    await modal.getByLabel('Amount (LKR)').fill('4000');
    await expect(allocations).toHaveCount(2); // 3,000 to the oldest, 1,000 to the next; the third gets nothing
    await expect(allocations.nth(1).locator('td').last()).toHaveText('Rs. 1,000.00');
    await modal.getByLabel('Amount (LKR)').fill('9000');
    await modal.getByRole('button', { name: 'Apply & Print Receipt' }).click();
    await expect(due.toast('Bulk payment applied. Rs. 8,500.00 allocated.').last()).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1);
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 0.00');
    expect(await outboxCount(page)).toBeLessThanOrEqual(1); // one operation, not three
    await waitForSynced(page);
    for (const key of ['b1', 'b2', 'b3']) {
      const invoice = await serverInvoice(request, token, invoices[key]!._id);
      expect(invoice).toMatchObject({ due: 0, status: 'Paid' });
      expect(invoice.paymentHistory.filter((p) => p.method === 'Mobile')).toHaveLength(1);
    }
  });

  test('a payment recorded offline is sent once when the network returns', async ({ page, context, request }) => {
    const due = await DueList.openOffline(page, context, customers.offline.name);
    const row = due.row(invoices.off!.invoiceNo);
    await row.getByRole('button', { name: `Record payment for ${invoices.off!.invoiceNo}` }).click();
    const modal = page.getByRole('dialog', { name: 'Record Payment' });
    await modal.getByLabel('Payment Method').selectOption('Cash');
    await modal.getByLabel('Paying Amount (LKR)').fill('800');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Payment recorded successfully!').last()).toBeVisible();
    await expect(row).toContainText('Rs. 1,000.00');
    expect(await outboxCount(page)).toBe(1);
    expect((await serverInvoice(request, token, invoices.off!._id)).paidAmount).toBe(0);
    await context.setOffline(false);
    await waitForSynced(page, 30_000);
    const stored = await serverInvoice(request, token, invoices.off!._id);
    expect(stored).toMatchObject({ paidAmount: 800, due: 1000, status: 'Due' });
    expect(stored.paymentHistory).toHaveLength(1);
  });

  test('the invoice-number and date filters, alone and together; the customer filter; an empty history', async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    const [f1, f2] = [invoices.f1!, invoices.f2!];
    const search = page.getByRole('searchbox', { name: 'Search invoice number' });
    const day = page.getByLabel('Invoice date');

    await search.fill(f1.invoiceNo.toLowerCase());
    await expect(due.row(f1.invoiceNo)).toHaveCount(1);
    await expect(due.row(f2.invoiceNo)).toHaveCount(0);
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 1,500.00');
    await search.fill('');
    await day.fill('06/10/2026');
    await expect(due.row(f2.invoiceNo)).toHaveCount(1);
    await expect(due.row(f1.invoiceNo)).toHaveCount(0);
    await expect(due.row(invoices.single!.invoiceNo)).toHaveCount(0);
    // Both: the number of an invoice of another day lists nothing; its own day lists it.
    await search.fill(f1.invoiceNo);
    await expect(page.getByText('No due invoices.')).toBeVisible();
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 0.00');
    await day.fill('05/10/2026');
    await expect(due.row(f1.invoiceNo)).toHaveCount(1);
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 1,500.00');
    await day.fill('');
    await search.fill('');
    // A day that is not on the calendar filters nothing, as a half-typed date does, and is marked.
    await day.fill('31/02/2026');
    await day.blur();
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expect(due.row(f1.invoiceNo)).toHaveCount(1);
    await expect(due.row(f2.invoiceNo)).toHaveCount(1);
    await day.fill('');
    await expect(day).not.toHaveAttribute('aria-invalid', 'true');

    // An unpaid invoice's history is empty.
    await due
      .row(f1.invoiceNo)
      .getByRole('button', { name: `Payment history of ${f1.invoiceNo}` })
      .click();
    await expect(page.locator('tr.history-row')).toContainText('No payment history.');

    // The customer filter: 'No matches', then back to 'All Customer'.
    await due.pickCustomer(customers.filters.name);
    await expect(page.getByTestId('total-due')).toHaveText('Rs. 4,000.00');
    await expect(due.row(invoices.single!.invoiceNo)).toHaveCount(0);
    await page.locator('.customer-filter .picker-button').click();
    const panel = page.getByRole('dialog', { name: 'Choose a customer' });
    await panel.getByRole('searchbox', { name: 'Search customers' }).fill(`Nobody ${run} at all`);
    await expect(panel.getByText('No matches')).toBeVisible();
    await panel.getByRole('button', { name: 'All Customer' }).click();
    await expect(page.getByRole('button', { name: 'Customer: All Customer' })).toBeVisible();
    await expect(due.row(invoices.single!.invoiceNo)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Bulk Payment' })).toBeDisabled();
  });

  test("Bulk Payment follows the customer's due, not the filtered list; nothing applicable disables Apply", async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    await due.pickCustomer(customers.filters.name);
    const bulk = page.getByRole('button', { name: 'Bulk Payment' });
    await expect(bulk).toBeEnabled();
    // Filters that hide every invoice of the customer: they still owe Rs. 4,000.00.
    await page.getByRole('searchbox', { name: 'Search invoice number' }).fill(`none-${run}`);
    await expect(page.getByText('No due invoices.')).toBeVisible();
    await expect(bulk).toBeEnabled();
    await page.getByRole('searchbox', { name: 'Search invoice number' }).fill('');
    await page.getByLabel('Invoice date').fill('01/01/2020');
    await expect(page.getByText('No due invoices.')).toBeVisible();
    await expect(bulk).toBeEnabled();
    await bulk.click();
    const modal = page.getByRole('dialog', { name: 'Bulk Payment' });
    await expect(modal.getByTestId('bulk-total-due')).toHaveText('Rs. 4,000.00');
    const apply = modal.getByRole('button', { name: 'Apply & Print Receipt' });
    await expect(apply).toBeEnabled();
    await modal.getByLabel('Amount (LKR)').fill('0');
    await expect(modal.getByText('Nothing to apply.')).toBeVisible();
    await expect(apply).toBeDisabled();
    await modal.getByLabel('Amount (LKR)').fill('');
    await expect(apply).toBeDisabled();
    await modal.getByLabel('Amount (LKR)').fill('100');
    await expect(apply).toBeEnabled();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);
  });

  test('change given back offline: the payment is the due, the receipt prints Tendered and Change', async ({ page, context, request }) => {
    const due = await DueList.openOffline(page, context, customers.change.name);
    const invoice = invoices.change!;
    await due
      .row(invoice.invoiceNo)
      .getByRole('button', { name: `Record payment for ${invoice.invoiceNo}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Record Payment' });
    await modal.getByLabel('Payment Method').selectOption('Cash');
    await modal.getByLabel('Paying Amount (LKR)').fill('6000');
    await modal.getByLabel('Give Rs. 1,050.00 back as change').check();
    await expect(modal.getByTestId('new-due')).toHaveText('Change to give: Rs. 1,050.00. This invoice will be fully paid.');
    await snap(page, test.info(), 'due-02-change-choice');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await expect(due.toast('Payment recorded successfully!').last()).toBeVisible();
    await expect(due.row(invoice.invoiceNo)).toHaveCount(0); // paid: it leaves the due list

    // The receipt, offline: what was paid is the due; what was handed over and given back beside it.
    await page.goto(`/print/invoices/${invoice._id}?doc=receipt`);
    const receipt = page.locator('article.print-receipt');
    await expect(receipt).toContainText(/Paid\s*Rs\. 16,950\.00/);
    await expect(receipt).toContainText(/Tendered\s*Rs\. 6,000\.00/);
    await expect(receipt).toContainText(/Change\s*Rs\. 1,050\.00/);
    await snap(page, test.info(), 'due-03-receipt-with-change');

    // Back on a screen with the sync indicator (the print page has none), online again.
    await context.setOffline(false);
    await due.open();
    await waitForSynced(page, 30_000);
    const stored = await serverInvoice(request, token, invoice._id);
    expect(stored).toMatchObject({ total: 16950, paidAmount: 16950, due: 0, status: 'Paid' });
    expect(stored.paymentHistory.map((payment) => payment.amount)).toEqual([12000, 4950]);
  });

  test("a bulk payment's receipt is reprinted from the payment history", async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    await due.pickCustomer(customers.reprint.name);
    await expect(due.row(invoices.r1!.invoiceNo)).toHaveCount(0); // settled by the bulk payment
    const r2 = invoices.r2!;
    await due
      .row(r2.invoiceNo)
      .getByRole('button', { name: `Payment history of ${r2.invoiceNo}` })
      .click();
    const history = page.locator('table.payment-history tbody tr');
    await expect(history).toHaveCount(2);
    await expect(history.filter({ hasText: 'Cash' }).getByRole('link')).toHaveCount(0); // the sale's own payment
    const link = history.filter({ hasText: `Cheque ${run}` }).getByRole('link', { name: 'Reprint receipt' });
    await expect(link).toHaveAttribute('href', `/print/bulk-receipts/${bulkId}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/print/bulk-receipts/${bulkId}$`));
    const receipt = page.locator('body');
    await expect(receipt).toContainText('Allocations: 2');
    await expect(receipt).toContainText('Rs. 1,500.00');
    await expect(receipt).toContainText(customers.reprint.name);
  });

  test('Record Payment reads the invoice live: a payment synced meanwhile shows, then the already-paid question', async ({ page, request }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const due = new DueList(page);
    await due.open();
    await due.pickCustomer(customers.live.name);
    const invoice = invoices.live!;
    await due
      .row(invoice.invoiceNo)
      .getByRole('button', { name: `Record payment for ${invoice.invoiceNo}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Record Payment' });
    await expect(modal.getByTestId('payment-due')).toHaveText('Rs. 1,200.00');
    // Another device settles it while the dialog is open.
    await api(request, token, 'put', `/api/sales/due-invoices/${invoice._id}/record-payment`, { paymentDate: '2026-11-02', paymentMethod: 'Cash', payingAmount: 1200 });
    await expect(modal.getByTestId('payment-due')).toHaveText('Rs. 0.00', { timeout: 20_000 });
    await modal.getByLabel('Payment Method').selectOption('Cash');
    await modal.getByLabel('Paying Amount (LKR)').fill('100');
    await modal.getByRole('button', { name: 'Record Payment' }).click();
    await answerConfirmation(page, 'Cancel', 'This invoice is already fully paid or overpaid. Do you still want to record an additional payment of Rs. 100.00?');
    await expect(modal).toBeVisible(); // declined: nothing recorded
    expect(await outboxCount(page)).toBe(0);
    expect(await serverInvoice(request, token, invoice._id)).toMatchObject({ paidAmount: 1200, due: 0 });
  });

  test.describe('on a device in Colombo', () => {
    test.use({ timezoneId: 'Asia/Colombo' });

    test('an invoice made just after local midnight ages from its local day, as its printed due date does', async ({ page }) => {
      await loginAs(page, admin);
      await waitForSynced(page);
      const due = new DueList(page);
      await due.open();
      await due.pickCustomer(customers.colombo.name);
      const row = due.row(invoices.colombo!.invoiceNo);
      await expect(row).toContainText(ddMMyyyy(colomboMadeDay));
      await expect(row).toContainText('due today');
      await expect(page.locator('.aging-summary > div').filter({ hasText: 'Current' })).toContainText('Rs. 700.00');
      await page.getByLabel('Invoice date').fill(ddMMyyyy(colomboMadeDay));
      await expect(row).toHaveCount(1);
    });
  });

  test("a failed read of the device's invoices says so, in the spec's words", async ({ page }) => {
    // The invoices' status index fails once the test says so (after login and the first sync).
    await page.addInitScript(() => {
      const fail = (original: (...args: unknown[]) => unknown) =>
        function (this: IDBIndex, ...args: unknown[]) {
          if (sessionStorage.getItem('e2e-fail-due') && this.name === 'status' && this.objectStore.name === 'invoices') throw new DOMException('Disk read failed', 'UnknownError');
          return original.apply(this, args);
        };
      IDBIndex.prototype.getAll = fail(IDBIndex.prototype.getAll as never) as never;
      IDBIndex.prototype.openCursor = fail(IDBIndex.prototype.openCursor as never) as never;
    });
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.evaluate(() => sessionStorage.setItem('e2e-fail-due', '1'));
    const due = new DueList(page);
    await due.open();
    await expect(due.toast('Failed to load due invoices.').last()).toBeVisible();
    await expect(page.locator('table.due-table').getByRole('alert')).toHaveText('Failed to load due invoices. Please try again.');
    await expect(page.locator('table.due-table').getByText('Loading...')).toHaveCount(0);
  });
});
