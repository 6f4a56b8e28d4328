import type { APIRequestContext, Browser, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, itemBody, jobItem, jobService, openJobBody } from '../../tests/factories';
import { answerConfirmation } from './support/in-page-confirm';

// Issue 8 in the browser: a counter that never stops selling. The cashier's keyboard-wedge scanner
// types a code 8 ms a key and presses Enter. Printing is counted, not shown: window.print is
// replaced before the app loads (headless Chromium has no print dialog).

// Letters only: a run id starting with a digit would make 'part 6' match every item's run word, and
// a digit anywhere would join every barcode's digits, whose endings are search words ('RJ5603001'
// has '603001'), so typing 'part 6 …' would suggest every part, not part 6.
const run = `r${Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;

interface ApiInvoice {
  _id: string;
  invoiceNo: string;
  customerName: string;
  jobCardId: string | null;
  subTotal: number;
  taxAmount: number;
  total: number;
  paidAmount: number;
  due: number;
  status: string;
  items: { itemName: string; quantity: number; discountPercentageAtSale: number; totalPricePerItem: number }[];
}

async function serverInvoices(request: APIRequestContext, token: string, q: string): Promise<ApiInvoice[]> {
  return (await api<{ invoices: ApiInvoice[] }>(request, token, 'get', `/api/sales/sales-invoices?limit=100&q=${encodeURIComponent(q)}`)).invoices;
}

async function itemStock(request: APIRequestContext, token: string, barcode: string): Promise<number> {
  const { items } = await api<{ items: { barcode: string; stockQuantity: number }[] }>(request, token, 'get', `/api/items?search=${encodeURIComponent(barcode)}`);
  return items.find((item) => item.barcode === barcode)!.stockQuantity;
}

/**
 * Counts window.print() calls in the page (set before the app's scripts run): a sale prints its
 * invoice and its receipt as a job each (issue 47), two calls a sale. The count lives in the
 * tab's sessionStorage, not on window, so a reload of the page does not reset it: CI once read 0 of 3
 * prints after three receipts, as if the page had been loaded again in between.
 */
async function countPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const bump = (key: string) => sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
    bump('e2e-loads');
    window.print = () => bump('e2e-prints');
  });
}
const prints = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('e2e-prints') ?? 0));

/** The register as the cashier works it. */
class Register {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/transaction/sales-register${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sales Register' })).toBeVisible();
  }

  get scan() {
    return this.page.getByRole('combobox', { name: 'Barcode or item name' });
  }

  /** A keyboard wedge: the code 8 ms a key, then Enter. */
  async scanCode(code: string): Promise<void> {
    await this.scan.focus();
    await this.page.keyboard.type(code, { delay: 8 });
    await this.page.keyboard.press('Enter');
  }

  cartRows() {
    return this.page.locator('table.cart-table tbody tr');
  }

  /** The lines of the cart as the device has stored it: what a reload will show. */
  storedCartLines(): Promise<number> {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('garage');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('cart').objectStore('cart').get('register');
            read.onsuccess = () => {
              open.result.close();
              resolve((read.result?.value as { lines?: unknown[] } | undefined)?.lines?.length ?? 0);
            };
            read.onerror = () => reject(read.error);
          };
        }),
    );
  }

  toast(text: string) {
    return this.page.locator('.toast').filter({ hasText: text });
  }

  payable() {
    return this.page.getByTestId('total-payable');
  }
}

test.describe('sales register', () => {
  test.describe.configure({ mode: 'serial' });
  let token = '';
  let categoryId = '';
  const customerName = `Ruwan Jayasinghe ${run}`;
  let customerId = '';
  const item = (n: number) => ({ name: `Part ${n} ${run}`, barcode: `${run.toUpperCase()}${String(n).padStart(3, '0')}` });

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    // The figures below are the spec's job-card register: no tax, as a new shop starts (this file's
    // server is its own, support/fixtures.ts).
    const { company } = await api<{ company: Record<string, unknown> }>(request, token, 'get', '/api/company');
    expect([company.taxRatePercent, company.pricesIncludeTax]).toEqual([0, true]);
    const category = await api<{ category: { _id?: string; id?: string } }>(request, token, 'post', '/api/categories', { name: `Parts ${run}` });
    categoryId = category.category._id ?? category.category.id!;
    for (let n = 1; n <= 21; n++) {
      const part = itemBody(categoryId, { itemName: item(n).name, barcode: item(n).barcode, unitPrice: 1000 + n * 100, stockQuantity: n === 21 ? 1 : 50 });
      await api(request, token, 'post', '/api/items', part);
    }
    const customer = await api<{ customer: { _id?: string; id?: string } }>(
      request,
      token,
      'post',
      '/api/customers',
      customerBody(customerName, '0775556666', `CAR-${run.toUpperCase()}`),
    );
    customerId = customer.customer._id ?? customer.customer.id!;
  });

  test("a cashier's sale by scanned barcode, with a discount and a part payment", async ({ page, request }) => {
    await countPrints(page);
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();
    await expect(register.cartRows()).toHaveText(['No items added yet.']);

    await register.scanCode(item(1).barcode); // Rs. 1,100.00
    await register.scanCode(item(1).barcode); // one more
    await register.scanCode(item(2).barcode); // Rs. 1,200.00
    await expect(register.cartRows()).toHaveCount(2);
    await expect(register.cartRows().nth(0)).toContainText(item(1).name);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${item(1).name}` })).toHaveValue('2');
    await expect(register.scan).toHaveValue('');
    // An unknown code.
    await register.scanCode('NO-SUCH-CODE');
    await expect(register.toast('Item not found!').last()).toBeVisible();

    // 10 % off the first line: 2,200 − 220 = 1,980; with 1,200 the payable is 3,180.
    const discount = page.getByRole('spinbutton', { name: `Discount % for ${item(1).name}` });
    await discount.fill('10');
    await discount.press('Enter');
    await expect(register.payable()).toHaveText('Rs. 3,180.00');
    await expect(page.locator('.cart-summary')).toContainText('Rs. 220.00'); // the real discount

    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Payment' });
    await expect(modal.getByLabel('Paid Amount (LKR)')).toHaveValue('3180.00');
    await expect(modal.getByLabel('Logged In User')).toBeDisabled();
    await expect(modal.getByLabel('Logged In User')).toHaveValue(admin.name);
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(register.toast('Please select a customer.').last()).toBeVisible();
    await modal.getByLabel('Find customer').fill(customerName);
    await modal.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: `${customerName} · 0775556666` });
    await modal.getByLabel('Payment Method').selectOption('Card');
    await modal.getByLabel('Paid Amount (LKR)').fill('1000');
    await expect(modal.getByTestId('payment-due')).toHaveText('Rs. 2,180.00');
    await expect(modal.getByTestId('payment-change')).toHaveText('Rs. 0.00');
    await snap(page, test.info(), 'register-01-payment');
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(modal).toHaveCount(0);
    await expect(register.cartRows()).toHaveText(['No items added yet.']);
    await expect.poll(() => prints(page)).toBe(2);

    await waitForSynced(page);
    const [invoice] = await serverInvoices(request, token, customerName);
    expect(invoice).toBeDefined();
    expect(invoice!.invoiceNo).toMatch(/^INV-D[0-9A-Z]{2,}-\d{5}$/);
    expect(invoice!.total).toBe(3180);
    expect(invoice!.paidAmount).toBe(1000);
    expect(invoice!.due).toBe(2180);
    expect(invoice!.status).toBe('Due');
    expect(await itemStock(request, token, item(1).barcode)).toBe(48);
    expect(await itemStock(request, token, item(2).barcode)).toBe(49);

    // The invoice list reprints it, from the device's own data.
    await page.getByRole('button', { name: 'Invoices', exact: true }).click();
    const list = page.getByRole('dialog', { name: 'Invoices' });
    // Its placeholder names all it searches, uncut at 1280 × 800 (it was 'Search invoice no, customer, p').
    const placeholderFits = await list.getByRole('searchbox', { name: 'Search invoices' }).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      return context.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    });
    expect(placeholderFits).toBe(true);
    await list.getByRole('searchbox', { name: 'Search invoices' }).fill(invoice!.invoiceNo);
    const row = list.locator('table.invoices-table tbody tr').filter({ hasText: invoice!.invoiceNo });
    await expect(row).toContainText('Rs. 2,180.00');
    await expect(row).toContainText('Due');
    await row.getByRole('link', { name: `Reprint ${invoice!.invoiceNo}` }).click();
    await expect(page).toHaveURL(/\/print\/invoices\/[0-9a-f-]{36}\?doc=invoice,receipt$/);
    // The reprint page's own copy (the sale's print job may still be clearing its off-screen root).
    await expect(page.locator('.print-root-preview').getByText('Auto repair Invoice')).toBeVisible();
  });

  test('twenty scans in quick succession all land, in order; the cart survives a reload; Cancel empties it', async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();
    for (let n = 1; n <= 20; n++) await register.scanCode(item(n).barcode);
    await expect(register.cartRows()).toHaveCount(20);
    await expect(register.cartRows().locator('td:first-child')).toHaveText(Array.from({ length: 20 }, (_, i) => item(i + 1).name));
    await snap(page, test.info(), 'register-02-twenty-scans');
    await page.reload();
    await expect(register.cartRows()).toHaveCount(20);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirmation(page, 'Empty the cart', 'Cancel this sale and empty the cart?');
    await expect(register.cartRows()).toHaveText(['No items added yet.']);
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await expect(register.toast('No items to checkout.').last()).toBeVisible();
  });

  test('paid over the total: the cashier chooses change or credit in words, offline; a guest gets change', async ({ page, context, request }) => {
    await countPrints(page);
    await loginAs(page, admin);
    await waitForSynced(page);
    // Offline, the print code comes from the service worker's cache: without its control the lazy
    // chunk cannot load and nothing prints (CI read 0 of 3 prints).
    await waitForServiceWorkerControl(page);
    const register = new Register(page);
    await register.open();
    await context.setOffline(true);
    const modal = page.getByRole('dialog', { name: 'Payment' });
    const payOver = async (barcode: string, customer: 'guest' | 'account') => {
      await register.scanCode(barcode);
      // The scan's lookup is asynchronous: Payment pressed before its line arrives meets an empty cart.
      await expect(register.payable()).not.toHaveText('Rs. 0.00');
      await page.getByRole('button', { name: 'Payment', exact: true }).click();
      if (customer === 'account') {
        await modal.getByLabel('Find customer').fill(customerName);
        await modal.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: `${customerName} · 0775556666` });
      } else {
        await modal.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: 'Guest (walk-in, pays in full)' });
      }
      await modal.getByLabel('Paid Amount (LKR)').fill('3000');
    };

    // Rs. 2,700.00 with Rs. 3,000.00 handed over by a customer with an account: the extra is asked about.
    await payOver(item(17).barcode, 'account');
    await expect(modal.getByTestId('excess-choice')).toContainText('The extra Rs. 300.00');
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(register.toast('Choose whether the extra is given back as change or kept as credit.').last()).toBeVisible();
    await modal.getByLabel('Keep Rs. 300.00 as credit on this invoice').check();
    await expect(modal.getByTestId('payment-change')).toHaveText('Rs. 0.00');
    await expect(modal.getByTestId('payment-credit')).toHaveText('Rs. 300.00');
    await snap(page, test.info(), 'register-02-extra-as-credit');
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(modal).toHaveCount(0);

    // The same again, given back as change.
    await payOver(item(18).barcode, 'account');
    await modal.getByLabel('Give Rs. 200.00 back as change').check();
    await expect(modal.getByTestId('payment-change')).toHaveText('Rs. 200.00');
    await expect(modal.getByTestId('payment-credit')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(modal).toHaveCount(0);

    // A guest has no account to keep credit on: change, and no question.
    await payOver(item(19).barcode, 'guest');
    await expect(modal.getByTestId('excess-choice')).toHaveCount(0);
    await expect(modal.getByTestId('payment-change')).toHaveText('Rs. 100.00');
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(modal).toHaveCount(0);
    await expect.poll(() => prints(page)).toBe(6);

    // The credit sale's reprint, offline: paid all of it, the extra kept as credit, no change.
    await page.getByRole('button', { name: 'Invoices', exact: true }).click();
    const list = page.getByRole('dialog', { name: 'Invoices' });
    const creditRow = list.locator('table.invoices-table tbody tr').filter({ hasText: customerName }).filter({ hasText: 'Rs. 2,700.00' });
    await creditRow.getByRole('link', { name: /^Reprint / }).click();
    const preview = page.locator('.print-root-preview');
    await expect(preview.locator('.print-receipt')).toContainText(/Paid\s*Rs\. 3,000\.00\s*Balance\s*Rs\. 0\.00\s*Kept as Credit\s*Rs\. 300\.00/);
    await expect(preview.locator('.print-receipt')).not.toContainText('Change');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Register' })).toBeVisible();
    await context.setOffline(false);
    await waitForSynced(page);
    const sold = await serverInvoices(request, token, customerName);
    const byItem = (n: number) => sold.find((invoice) => invoice.items.some((line) => line.itemName === item(n).name));
    expect(byItem(17)).toMatchObject({ total: 2700, paidAmount: 3000, due: 0, status: 'Paid' });
    expect(byItem(18)).toMatchObject({ total: 2800, paidAmount: 2800, due: 0, status: 'Paid' });
    const guest = (await serverInvoices(request, token, 'Guest')).find((invoice) => invoice.items.some((line) => line.itemName === item(19).name));
    expect(guest).toMatchObject({ total: 2900, paidAmount: 2900, due: 0 });
  });

  test('a guest sale with Cash is paid in full', async ({ page, request }) => {
    await countPrints(page);
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();
    await register.scanCode(item(3).barcode);
    await expect(register.payable()).toHaveText('Rs. 1,300.00');
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await expect(register.cartRows()).toHaveText(['No items added yet.']);
    await expect.poll(() => prints(page)).toBe(2);
    await waitForSynced(page);
    const guest = (await serverInvoices(request, token, 'Guest')).find((invoice) => invoice.items.some((line) => line.itemName === item(3).name));
    expect(guest).toMatchObject({ customerName: 'Guest', total: 1300, paidAmount: 1300, due: 0, status: 'Paid' });
  });

  test("a job-card sale from ?jobId: its job and customer named, its lines in the job's order, back to the job card after printing the job number", async ({ page, request }) => {
    const plate = `CAR-${run.toUpperCase()}`;
    // Saved together: the services come first, then the parts (decisions.md), each by name.
    const jobBody = openJobBody(customerId, plate, {
      jobItems: [jobItem(`Oil filter ${run}`, 1500, { warranty: '3 Months' }), jobItem(`Air filter ${run}`, 900)],
      jobServices: [jobService(`Wheel alignment ${run}`, 2500), jobService(`Full service ${run}`, 6000)],
    });
    const created = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', jobBody);
    await api(request, token, 'put', `/api/job-cards/${created.jobCard._id}`, { status: 'Finished' });
    await countPrints(page);
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open(`?jobId=${created.jobCard._id}`);
    await expect(register.cartRows()).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Job being invoiced' })).toContainText(`Invoicing ${created.jobCard.jobNumber} · ${customerName} · ${plate}`);
    const order = [`Full service ${run}`, `Wheel alignment ${run}`, `Air filter ${run}`, `Oil filter ${run}`];
    for (const [index, name] of order.entries()) await expect(register.cartRows().nth(index)).toContainText(name);
    await expect(register.payable()).toHaveText('Rs. 10,900.00');
    await snap(page, test.info(), 'register-03-job');
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Payment' });
    await expect(modal.getByRole('combobox', { name: 'Customer', exact: true })).toHaveValue(customerId);
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(page).toHaveURL(/\/transaction\/job-card$/);
    expect(await prints(page)).toBe(2);
    await waitForSynced(page);
    const job = await api<{ jobCard: { invoiceNo: string | null; invoiceId: string | null } }>(request, token, 'get', `/api/job-cards/${created.jobCard._id}`);
    expect(job.jobCard.invoiceNo).toMatch(/^INV-/);
    const invoice = await api<{ invoice: ApiInvoice }>(request, token, 'get', `/api/sales/sales-invoices/by-job-card/${created.jobCard._id}`);
    expect(invoice.invoice).toMatchObject({ invoiceNo: job.jobCard.invoiceNo, total: 10900, status: 'Paid' });
    expect(invoice.invoice.items.map((line) => line.itemName)).toEqual(order);

    // The printed invoice names the job.
    await page.goto(`/print/invoices/${invoice.invoice._id}?doc=invoice`);
    const printed = page.locator('.print-root-preview .print-invoice');
    await expect(printed.locator('.doc-meta dt')).toHaveText(['Invoice No', 'Job No', 'Invoice Date', 'Due Date']);
    await expect(printed.locator('.doc-meta dd').nth(1)).toHaveText(created.jobCard.jobNumber);
  });

  test("Credit owes it all; the Payment modal's guest pays in full; a begun sale is kept unless the cashier agrees; the typed search offers in-stock items past sold-out ones", async ({
    page,
    request,
  }) => {
    // 30 bulbs sold out, sorted before the one in stock: the search must look past them.
    const bulb = (n: number) => ({ name: `Bulb ${run} ${String(n).padStart(2, '0')}`, barcode: `BLB${run.toUpperCase()}${String(n).padStart(2, '0')}` });
    for (let n = 1; n <= 31; n++) {
      const sold = itemBody(categoryId, { itemName: bulb(n).name, barcode: bulb(n).barcode, unitPrice: 400, stockQuantity: n === 31 ? 5 : 0, reorderLevel: 0 });
      await api(request, token, 'post', '/api/items', sold);
    }
    const tuneUp = openJobBody(customerId, `CAR-${run.toUpperCase()}`, { jobServices: [jobService(`Tune-up ${run}`, 3000)] });
    const job = await api<{ jobCard: { _id: string } }>(request, token, 'post', '/api/job-cards', tuneUp);
    await api(request, token, 'put', `/api/job-cards/${job.jobCard._id}`, { status: 'Finished' });
    await countPrints(page);
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();

    // The item cards and the typed suggestions offer only what is in stock, however many sold-out come first.
    await page.getByRole('searchbox', { name: 'Search Items' }).fill(`bulb ${run}`);
    await expect(page.getByRole('button', { name: /^Add Bulb / })).toHaveText([new RegExp(bulb(31).name)]);
    await register.scan.fill(`bulb ${run}`);
    const suggestions = page.getByRole('listbox', { name: 'Matching items' }).getByRole('option');
    await expect(suggestions).toHaveCount(1);
    await expect(suggestions.first()).toContainText(bulb(31).name);
    await register.scan.fill('');

    // A begun sale, then a job's ?jobId=: the cashier is asked, and saying no keeps the sale.
    await register.scanCode(item(4).barcode);
    await expect(register.cartRows()).toHaveCount(1);
    // The cart is stored a moment after it is drawn; the page is loaded again below, so wait for it.
    await expect.poll(() => register.storedCartLines()).toBe(1);
    await register.open(`?jobId=${job.jobCard._id}`);
    await answerConfirmation(page, 'Keep the cart', "The cart holds a sale not yet completed. Replace it with this job card's lines?");
    await expect(page).toHaveURL(/\/transaction\/sales-register$/);
    await expect(register.cartRows()).toHaveCount(1);
    await expect(register.cartRows().first()).toContainText(item(4).name);

    // The Payment modal's guest choice pays in full.
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Payment' });
    await expect(modal.getByText('Due Amount')).toBeVisible();
    await expect(modal.getByText('Change Amount')).toBeVisible();
    await modal.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: 'Guest (walk-in, pays in full)' });
    await modal.getByLabel('Paid Amount (LKR)').fill('100');
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(register.toast('A guest sale must be paid in full').last()).toBeVisible();
    await expect(modal).toBeVisible();

    // Credit: nothing paid now, so the customer owes it all.
    await modal.getByLabel('Paid Amount (LKR)').fill('1400');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await modal.getByLabel('Find customer').fill(customerName);
    await modal.getByRole('combobox', { name: 'Customer', exact: true }).selectOption({ label: `${customerName} · 0775556666` });
    await modal.getByLabel('Payment Method').selectOption('Credit');
    await expect(modal.getByLabel('Paid Amount (LKR)')).toHaveValue('0.00');
    await expect(modal.getByTestId('payment-due')).toHaveText('Rs. 1,400.00');
    await modal.getByRole('button', { name: 'Confirm Payment' }).click();
    await expect(modal).toHaveCount(0);
    await expect.poll(() => prints(page)).toBe(2);
    await waitForSynced(page);
    const credit = (await serverInvoices(request, token, customerName)).find((invoice) => invoice.items.some((line) => line.itemName === item(4).name));
    expect(credit).toMatchObject({ total: 1400, paidAmount: 0, due: 1400, status: 'Due' });
  });

  test("a scanner's Enter adds the scanned code's item, never the suggestion highlighted before the scan", async ({ page, request }) => {
    const wiper = { name: `Wiper blade ${run}`, barcode: `WPR${run.toUpperCase()}` };
    await api(request, token, 'post', '/api/items', itemBody(categoryId, { itemName: wiper.name, barcode: wiper.barcode, unitPrice: 900 }));
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();
    const suggestions = page.getByRole('listbox', { name: 'Matching items' }).getByRole('option');
    /** The cashier types part of the wiper's name, a key at a time, and highlights the one suggestion. */
    const highlightWiper = async () => {
      await register.scan.focus();
      await page.keyboard.type(`wiper ${run}`, { delay: 60 });
      await expect(suggestions).toHaveCount(1);
      await expect(suggestions.first()).toContainText(wiper.name);
      await page.keyboard.press('ArrowDown');
      await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
    };

    // The typed text selected, another item's code scanned over it: that item goes in, not the wiper.
    await highlightWiper();
    await page.keyboard.press('ControlOrMeta+a');
    await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.type(item(5).barcode, { delay: 8 });
    await page.keyboard.press('Enter');
    await expect(register.cartRows()).toHaveCount(1);
    await expect(register.cartRows().first()).toContainText(item(5).name);
    await expect(register.scan).toHaveValue('');

    // Scanned after the typed text: no item has that code, and the highlighted wiper is not added either.
    await highlightWiper();
    await page.keyboard.type(item(5).barcode, { delay: 8 });
    await page.keyboard.press('Enter');
    await expect(register.toast('Item not found!').last()).toBeVisible();
    await expect(register.scan).toHaveValue('');
    await expect(register.cartRows()).toHaveCount(1);
    await expect(register.cartRows().first()).toContainText(item(5).name);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${item(5).name}` })).toHaveValue('1');
    await expect(register.cartRows().filter({ hasText: wiper.name })).toHaveCount(0);
  });

  test('Enter decides from the text typed, however fast: a name at 20 ms a key, a burst, a scan, offline too', async ({ page, context, request }) => {
    // Issue 47, major 2: 'coolant⏎' at a cashier's speed said 'Item not found!' before the
    // suggestions had come (300 ms after the last key). Words no other item of this file has.
    const coolant = { name: 'Coolant 1L', barcode: `CLT${run.toUpperCase()}` };
    const lamp = { name: 'Headlamp Bulb H4 12V', barcode: `HLB${run.toUpperCase()}` };
    const brakes = ['Brake Fluid DOT4 500ml', 'Brake Pad Set Front'];
    for (const [itemName, barcode] of [[coolant.name, coolant.barcode], [lamp.name, lamp.barcode], ...brakes.map((name, n) => [name, `BRK${run.toUpperCase()}${n}`])] as const)
      await api(request, token, 'post', '/api/items', itemBody(categoryId, { itemName, barcode, unitPrice: 1200.5, stockQuantity: 20 }));
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();
    const quantity = (name: string) => page.getByRole('spinbutton', { name: `Quantity of ${name}` });
    const typeThenEnter = async (text: string, delay: number) => {
      await register.scan.focus();
      await page.keyboard.type(text, { delay });
      await page.keyboard.press('Enter');
    };

    await typeThenEnter('coolant', 20);
    await expect(quantity(coolant.name)).toHaveValue('1');
    await expect(register.scan).toHaveValue('');
    // A name in one burst, as fast as a scanner types.
    await typeThenEnter('headlamp', 0);
    await expect(quantity(lamp.name)).toHaveValue('1');
    // A scanner's burst of a code.
    await typeThenEnter(coolant.barcode, 0);
    await expect(quantity(coolant.name)).toHaveValue('2');

    // Offline: the same from the device's own items.
    await context.setOffline(true);
    await typeThenEnter('bulb h4', 20);
    await expect(quantity(lamp.name)).toHaveValue('2');
    await typeThenEnter(lamp.barcode, 0);
    await expect(quantity(lamp.name)).toHaveValue('3');
    await expect(register.toast('Item not found!')).toHaveCount(0);

    // Two items match: nothing is added, the text stays with its suggestions to choose from.
    await typeThenEnter('brake', 20);
    await expect(register.toast('Several items match "brake": choose one.').last()).toBeVisible();
    await expect(register.scan).toHaveValue('brake');
    const suggestions = page.getByRole('listbox', { name: 'Matching items' }).getByRole('option');
    await expect(suggestions).toHaveCount(2);
    await expect(register.cartRows()).toHaveCount(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(quantity(brakes[0]!)).toHaveValue('1');
    await expect(register.cartRows()).toHaveCount(3);
    await snap(page, test.info(), 'register-03-typed-names-offline');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirmation(page, 'Empty the cart');
    await expect(register.cartRows()).toHaveText(['No items added yet.']);
  });

  test('Enter adds the only suggestion of a typed name; quantities are typed too, and the total follows', async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const register = new Register(page);
    await register.open();
    const suggestions = page.getByRole('listbox', { name: 'Matching items' }).getByRole('option');
    // A name typed a key at a time: one suggestion shows, and Enter adds it without the arrow key.
    await register.scan.focus();
    await page.keyboard.type(`part 6 ${run}`, { delay: 60 });
    await expect(suggestions).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(register.cartRows()).toHaveCount(1);
    await expect(register.cartRows().first()).toContainText(item(6).name); // Rs. 1,600.00
    await expect(register.scan).toHaveValue('');

    // 2.5 typed: the line and the payable follow; 0 and more than the 50 in stock are refused.
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${item(6).name}` });
    await quantity.fill('2.5');
    await quantity.press('Enter');
    await expect(register.payable()).toHaveText('Rs. 4,000.00');
    await quantity.fill('0');
    await quantity.press('Enter');
    await expect(register.toast('Enter a valid quantity (> 0)').last()).toBeVisible();
    await expect(quantity).toHaveValue('2.5');
    await quantity.fill('51');
    await quantity.press('Enter');
    await expect(register.toast('Item is out of stock').last()).toBeVisible();
    await expect(quantity).toHaveValue('2.5');
    await quantity.fill('12');
    await quantity.press('Enter');
    await expect(register.payable()).toHaveText('Rs. 19,200.00');
    // + still steps by one from a typed quantity.
    await page.getByRole('button', { name: `One more ${item(6).name}` }).click();
    await expect(quantity).toHaveValue('13');
    await snap(page, test.info(), 'register-02-typed-quantity');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirmation(page, 'Empty the cart');
    await expect(register.cartRows()).toHaveText(['No items added yet.']);
  });

  test('two registers sell the last unit offline: both sales stand, stock −1, flagged', async ({ browser, request }) => {
    const last = item(21);
    const registers = await Promise.all([0, 1].map(() => counter(browser)));
    for (const { page } of registers) {
      await loginAs(page, admin);
      await waitForSynced(page);
      await new Register(page).open();
    }
    for (const { context } of registers) await context.setOffline(true);
    for (const { page } of registers) {
      const register = new Register(page);
      await register.scanCode(last.barcode);
      await expect(register.cartRows()).toHaveCount(1);
      // The device's own stock: the shelf had 1.
      await register.scanCode(last.barcode);
      await expect(register.toast('Item is out of stock').last()).toBeVisible();
      await page.getByRole('button', { name: 'Cash', exact: true }).click();
      await expect(register.cartRows()).toHaveText(['No items added yet.']);
    }
    expect(await itemStock(request, token, last.barcode)).toBe(1);
    for (const { context } of registers) await context.setOffline(false);
    for (const { page } of registers) await waitForSynced(page, 30_000);
    expect(await itemStock(request, token, last.barcode)).toBe(-1);
    const sold = (await serverInvoices(request, token, 'Guest')).filter((invoice) => invoice.items.some((line) => line.itemName === last.name));
    expect(sold).toHaveLength(2);
    expect(new Set(sold.map((invoice) => invoice.invoiceNo)).size).toBe(2);
    // The items screen flags it.
    const page = registers[0]!.page;
    await page.goto(`/inventory/items`);
    await page.getByRole('searchbox').first().fill(last.barcode);
    await expect(page.locator('tr').filter({ hasText: last.name }).locator('.stock-badge')).toContainText('negative');
    for (const { context } of registers) await context.close();
  });
});

async function counter(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await countPrints(page);
  return { context, page };
}
