import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { AppShell } from './support/app-shell';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, itemBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';

// Issue 26 in the browser: a part comes back at the counter, offline, and the credit note reaches
// the server once with the number the register gave it; bad quantities are said in words.

const run = Date.now().toString(36).slice(-5);

interface Shop {
  token: string;
  /** The part's name. */
  filter: string;
  itemId: string;
  invoiceId: string;
  invoiceNo: string;
}

/** A part in stock (10), a customer, and a paid sale of 2 of the part and a tune-up, made through the API as another register would. */
async function shopWithSale(request: APIRequestContext, tag: string): Promise<Shop> {
  const token = await adminToken(request);
  const filter = `Oil filter ${run}${tag}`;
  const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: `Filters ${run}${tag}` })).category._id;
  const itemId = (await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', itemBody(category, { itemName: filter, unitPrice: 1100, stockQuantity: 10 }))).item
    ._id;
  const customer = await api<{ customer: { _id: string } }>(
    request,
    token,
    'post',
    '/api/customers',
    customerBody(`Nimal Perera ${run}${tag}`, '0771234567', `CAB-${run.toUpperCase()}${tag.toUpperCase()}`),
  );
  const lines = [saleLine(filter, 1100, { itemId, quantity: 2 }), saleLine(`Tune-up ${run}${tag}`, 3000)];
  const { invoice } = await api<{ invoice: { _id: string; invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', saleBody(customer.customer._id, lines));
  return { token, filter, itemId, invoiceId: invoice._id, invoiceNo: invoice.invoiceNo };
}

/** The sale's filter line, as the server holds it. */
async function filterLineOf(request: APIRequestContext, shop: Shop): Promise<string> {
  const { invoice } = await api<{ invoice: { items: { _id: string; itemName: string }[] } }>(request, shop.token, 'get', `/api/sales/sales-invoices/${shop.invoiceId}`);
  return invoice.items.find((line) => line.itemName === shop.filter)!._id;
}

/** A register (another device) pushing a return of the whole filter line, refunded in cash: answers its credit note number. */
async function registerReturns(request: APIRequestContext, shop: Shop, clientId: string, lineId: string): Promise<string> {
  const { code } = await api<{ code: string }>(request, shop.token, 'post', '/api/sync/device', { clientId });
  const creditNoteNo = `CN-${code}-00001`;
  const args = {
    id: crypto.randomUUID(),
    creditNoteNo,
    invoiceId: shop.invoiceId,
    date: new Date().toISOString(),
    reason: 'Not needed',
    refundMethod: 'Cash',
    refundPaymentId: crypto.randomUUID(),
    refund: 2200,
    lines: [{ id: crypto.randomUUID(), invoiceLineId: lineId, itemId: shop.itemId, quantity: 2, disposition: 'restock' }],
  };
  const answer = await api<{ results: { status: string }[] }>(request, shop.token, 'post', '/api/sync/push', {
    clientId,
    mutations: [{ id: crypto.randomUUID(), clientId, seq: 1, name: 'returnSale', args, createdAt: new Date().toISOString() }],
  });
  expect(answer.results[0]).toMatchObject({ status: 'applied' });
  return creditNoteNo;
}

class Returns {
  constructor(readonly page: Page) {}
  get find() {
    return this.page.getByRole('searchbox');
  }
  lineRow(name: string) {
    return this.page.getByRole('table', { name: 'Lines of the sale' }).getByRole('row').filter({ hasText: name });
  }
  quantity(name: string) {
    return this.page.getByLabel(`Return quantity of ${name}`);
  }
  toast(text: string) {
    return this.page.locator('.toast').filter({ hasText: text });
  }
}

test.describe('returns', () => {
  test.describe.configure({ mode: 'serial' });

  test('a part comes back at the counter offline: credit note at once, stock and refund follow, synced once with its number', async ({ page, context, request }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const shop = await shopWithSale(request, 'a');
    const { filter } = shop;
    // window.print counted, not shown: the credit note prints itself after Confirm.
    await page.addInitScript(() => {
      (window as unknown as { __prints: number }).__prints = 0;
      window.print = () => {
        (window as unknown as { __prints: number }).__prints += 1;
      };
    });
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    const shell = new AppShell(page);
    await shell.sidebar.getByRole('button', { name: 'Transaction' }).click();
    await shell.sidebar.getByRole('link', { name: 'Returns', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
    await context.setOffline(true);

    // A scanner's number and its Enter in one go, before the device has read the number's sale (the
    // Enter waits for that read; it once did nothing, and the cashier saw the match and no sale).
    const returns = new Returns(page);
    await returns.find.evaluate((input: HTMLInputElement, scanned) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, scanned);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }, shop.invoiceNo);
    await expect(returns.lineRow(filter)).toHaveCount(1);
    await page.getByRole('button', { name: 'Another sale' }).click();

    // Found by its number, as a cashier types it: Enter opens the only match.
    await returns.find.fill(shop.invoiceNo.toLowerCase());
    await expect(page.getByRole('table', { name: 'Matching sales' }).getByRole('row')).toHaveCount(2);
    await returns.find.press('Enter');
    await expect(returns.lineRow(filter).getByRole('cell')).toHaveText([`${filter}Rs. 2,200.00`, '2', '0', '2', '', 'Back to stockScrap (damaged)To the supplier']);

    // Too many: said at once, in words, and Confirm records nothing.
    await returns.quantity(filter).fill('3');
    await expect(page.getByRole('alert').filter({ hasText: `Only 2 of ${filter} can still be returned.` })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm Return' }).click();
    await expect(returns.toast('Please select a reason for the return.').last()).toBeVisible();
    await page.getByRole('combobox', { name: 'Reason' }).selectOption('Wrong part');
    await page.getByRole('button', { name: 'Confirm Return' }).click();
    await expect(returns.toast(`Only 2 of ${filter} can still be returned.`).last()).toBeVisible();

    // One back to stock: worth Rs. 1,100, all of it refunded in cash (the sale was paid).
    await returns.quantity(filter).fill('1');
    await expect(page.getByTestId('return-worth')).toHaveText('Rs. 1,100.00');
    await expect(page.getByTestId('return-reduced-due')).toHaveText('Rs. 0.00');
    await expect(page.getByTestId('return-refund')).toHaveText('Rs. 1,100.00');
    await snap(page, testInfo, 'returns-01-counter-chosen');
    await page.getByRole('button', { name: 'Confirm Return' }).click();
    const number = await returns.toast('Return recorded: credit note').last().textContent();
    const creditNoteNo = /CN-[A-Z0-9]+-\d+/.exec(number ?? '')?.[0];
    expect(creditNoteNo).toMatch(/^CN-[A-Z0-9]+-00001$/);
    await expect(page.getByRole('table', { name: 'Credit notes' }).getByRole('row').nth(1)).toContainText(creditNoteNo!);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1);
    await expect(returns.lineRow(filter).getByRole('cell').nth(2)).toHaveText('1');
    await expect(returns.lineRow(filter).getByRole('cell').nth(3)).toHaveText('1');
    await snap(page, testInfo, 'returns-02-counter-recorded-offline');

    // Online again: the server holds it once, under the register's number; the stock is back.
    await context.setOffline(false);
    await waitForSynced(page);
    const listed = await api<{ creditNotes: { creditNoteNo: string; total: number; refund: number }[] }>(request, shop.token, 'get', `/api/returns?invoiceId=${shop.invoiceId}`);
    expect(listed.creditNotes).toEqual([expect.objectContaining({ creditNoteNo, total: 1100, refund: 1100 })]);
    const found = await api<{ items: { _id: string; stockQuantity: number }[] }>(request, shop.token, 'get', `/api/items?search=${encodeURIComponent(filter)}`);
    expect(found.items.find((item) => item._id === shop.itemId)?.stockQuantity).toBe(9);

    // The credit note reprinted on A4 and read back from its PDF; the invoice's reprint names it.
    await page.getByRole('link', { name: `Print ${creditNoteNo} on A4` }).click();
    await expect(page.locator('.print-root-preview .print-credit-note')).toHaveCount(1);
    await expect(page).toHaveTitle(`${creditNoteNo} Credit Note`);
    const file = testInfo.outputPath('credit-note.pdf');
    await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, testInfo.outputPath('credit-note')]);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Page size:.*\(A4\)$/m);
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    for (const words of [
      'Credit Note',
      `Credit Note No ${creditNoteNo}`,
      `Invoice No ${shop.invoiceNo}`,
      'Wrong part',
      `${filter} 1 Rs. 1,100.00 0% Back to stock Rs. 1,100.00`,
      'Returned Rs. 1,100.00',
      'Refunded (Cash) Rs. 1,100.00',
    ]) {
      expect(text, words).toContain(words);
    }
    await page.getByRole('link', { name: '80 mm' }).click();
    await expect(page.locator('.print-root-preview .print-credit-note-slip')).toContainText('Refunded (Cash)Rs. 1,100.00');
    await page.goto(`/print/invoices/${shop.invoiceId}?doc=invoice`);
    const invoice = page.locator('.print-root-preview .print-invoice');
    await expect(invoice.locator('.doc-returned')).toHaveText('Returned-Rs. 1,100.00');
    await expect(invoice.locator('.doc-returns tbody tr')).toHaveCount(1);
    await expect(invoice.locator('.doc-returns tbody tr')).toContainText(creditNoteNo!);

    // The dashboard counts the refund against today's income and the return against the month's sales.
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Today Income' }).locator('.summary-value')).toHaveText('Rs. 4,100.00');
    await expect(page.locator('.sales-total')).toHaveText('Rs. 4,100.00');
  });

  test('on a portrait tablet the return fits: no sideways scroll, every input on screen', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    const shop = await shopWithSale(request, 'b');
    const { filter } = shop;
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto(`/transaction/returns?invoiceId=${shop.invoiceId}`);
    const returns = new Returns(page);
    await returns.quantity(filter).fill('2');
    await page.getByLabel(`What happens to ${filter}`).selectOption('supplier');
    await expect(page.getByLabel(`Supplier of ${filter}`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const control of [returns.quantity(filter), page.getByLabel(`Supplier of ${filter}`), page.getByRole('button', { name: 'Confirm Return' })]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(768);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }
    await snap(page, testInfo, 'returns-03-tablet-portrait');
  });

  test('a line returned on two registers stands twice and waits on Sales to Review until a Manager marks it', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const shop = await shopWithSale(request, 'c');
    const lineId = await filterLineOf(request, shop);
    await registerReturns(request, shop, `e2e-register-a-${run}`, lineId);
    const second = await registerReturns(request, shop, `e2e-register-b-${run}`, lineId);
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/transaction/sales-to-review');
    const table = page.locator('.return-review-table');
    await expect(table.getByRole('row').filter({ hasText: second })).toContainText(`Only 0 of ${shop.filter} can still be returned.`);
    await snap(page, testInfo, 'returns-04-to-review');
    await page.getByRole('button', { name: `Mark ${second} as reviewed` }).click();
    await expect(page.getByText('No returns to review.')).toBeVisible();
    await waitForSynced(page);
    const listed = await api<{ creditNotes: { creditNoteNo: string; reviewState: string }[] }>(request, shop.token, 'get', `/api/returns?invoiceId=${shop.invoiceId}`);
    expect(listed.creditNotes.map((note) => note.reviewState)).toEqual(['', 'reviewed']);
  });

  test("a job's returns show in its Job Details, each linking its credit note", async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const token = await adminToken(request);
    const plate = `CAD-${run.toUpperCase()}`;
    const customer = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Kamal Silva ${run}`, '0719876543', plate));
    const { jobCard } = await api<{ jobCard: { _id: string; jobNumber: string } }>(
      request,
      token,
      'post',
      '/api/job-cards',
      openJobBody(customer.customer._id, plate, { jobServices: [jobService(`Wheel alignment ${run}`, 2500)] }),
    );
    await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });
    const sale = saleBody(customer.customer._id, [saleLine(`Wheel alignment ${run}`, 2500)], { jobCardId: jobCard._id, paymentMethod: 'Card' });
    const { invoice } = await api<{ invoice: { _id: string; items: { _id: string }[] } }>(request, token, 'post', '/api/sales/sales-invoices', sale);
    const returned = await api<{ creditNote: { creditNoteNo: string } }>(request, token, 'post', '/api/returns', {
      invoiceId: invoice._id,
      reason: 'Duplicate sale',
      refundMethod: 'Card',
      lines: [{ invoiceLineId: invoice.items[0]!._id, quantity: 1 }],
    });
    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/report/job-history');
    await page.getByRole('button', { name: `View ${jobCard.jobNumber}` }).click();
    const modal = page.getByRole('dialog', { name: 'Job Details' });
    const returns = modal.getByRole('region', { name: 'Returns' });
    await expect(returns.getByRole('row').nth(1)).toContainText(`${returned.creditNote.creditNoteNo}`);
    await expect(returns.getByRole('row').nth(1)).toContainText('Duplicate sale');
    await returns.getByRole('link', { name: returned.creditNote.creditNoteNo }).click();
    await expect(page.locator('.print-root-preview .print-credit-note')).toContainText('Refunded (Card)');
  });

  test('the Returns Report groups the returns by day, reason and item, with totals and a PDF', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const shop = await shopWithSale(request, 'd');
    const lineId = await filterLineOf(request, shop);
    await api(request, shop.token, 'post', '/api/returns', {
      invoiceId: shop.invoiceId,
      reason: 'Wrong part',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: lineId, quantity: 1 }],
    });
    await api(request, shop.token, 'post', '/api/returns', {
      invoiceId: shop.invoiceId,
      reason: 'Other',
      note: 'The customer changed his mind',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: lineId, quantity: 0.5 }],
    });
    await loginAs(page, admin);
    await waitForSynced(page);
    const shell = new AppShell(page);
    await shell.sidebar.getByRole('button', { name: 'Reports' }).click();
    await shell.sidebar.getByRole('link', { name: 'Returns Report', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Returns Report' })).toBeVisible();
    // This spec's file has its own server: every return it made is this month's (tests a to d).
    const table = page.locator('.returns-report-table');
    await page.getByLabel('Group by').selectOption('item');
    const filterRow = table.getByRole('row').filter({ hasText: shop.filter });
    await expect(filterRow.getByRole('cell')).toHaveText([new RegExp(`^${shop.filter}`), '2', '1.5', 'Rs. 1,650.00', 'Rs. 0.00', 'Rs. 1,650.00', '—']);
    await page.getByLabel('Group by').selectOption('reason');
    await expect(table.getByRole('row').filter({ hasText: 'Other' }).getByRole('cell')).toHaveText([/^Other/, '1', '0.5', 'Rs. 550.00', 'Rs. 0.00', 'Rs. 550.00', 'Rs. 550.00']);
    const count = Number(await page.getByTestId('returns-total-count').textContent());
    expect(count).toBeGreaterThanOrEqual(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('returns_report.pdf');
    const file = testInfo.outputPath('returns-report.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Returns Report');
    expect(text).toContain('by reason');
    expect(text).toMatch(/Other 1 0\.5 Rs\. 550\.00 Rs\. 0\.00 Rs\. 550\.00 Rs\. 550\.00/);
    expect(text).toContain(`Total: ${count} returns`);
  });
});
