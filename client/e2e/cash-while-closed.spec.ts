import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';
import { openJobInRegister } from './support/register';

// Issue 47, point 3 in the browser: the tablet, its drawer never opened, sells Rs. 2,242 and
// Rs. 3,540 in cash and takes a Rs. 683 payment. Each screen says first that the drawer is not open,
// with 'Open drawer' one tap away; a Manager sees the cash no session counts yet; the session opened
// next shows it on its X and Z reports as taken while closed, expected in the drawer, and the
// server's Z report (a Manager's reprint) agrees.

const run = Date.now().toString(36).slice(-5);
const closedWords = "This register's drawer is not open: cash taken now is counted when it is next opened, as taken while closed.";

async function device(browser: Browser, size: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  // Headless Chromium has no print dialog: the receipt's print is counted away.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  return { page, close: () => context.close() };
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');

test('cash taken with the drawer closed is warned before, then counted on the next X and Z reports as taken while closed', async ({ browser, request }, testInfo) => {
  const token = await adminToken(request);
  const plate = `CW-${run.toUpperCase()}`;
  const customer = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Ruwan Dias ${run}`, '0773334455', plate));
  const jobs: string[] = [];
  for (const [name, price] of [
    [`Wheel alignment ${run}`, 2242],
    [`Clutch service ${run}`, 3540],
  ] as const) {
    const job = await api<{ jobCard: { _id: string } }>(
      request,
      token,
      'post',
      '/api/job-cards',
      openJobBody(customer.customer._id, plate, { jobServices: [jobService(name, price)] }),
    );
    await api(request, token, 'put', `/api/job-cards/${job.jobCard._id}`, { status: 'Finished' });
    jobs.push(job.jobCard._id);
  }
  const owed = saleBody(customer.customer._id, [saleLine(`Labour ${run}`, 1683)], { paidAmount: 1000 });
  const { invoice } = await api<{ invoice: { invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', owed);

  const tablet = await device(browser, { width: 768, height: 1024 });
  const page = tablet.page;
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);

  // The register says it before Cash is pressed, 'Open drawer' beside the words.
  await openJobInRegister(page, jobs[0]!);
  const notice = page.locator('.register-page .drawer-closed-notice');
  await expect(notice).toContainText(closedWords);
  await expect(notice.getByRole('button', { name: 'Open drawer' })).toBeVisible();
  await snap(page, testInfo, 'cash-while-closed-register-768');
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);

  // The Payment modal says it under Cash.
  await openJobInRegister(page, jobs[1]!);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await expect(modal.locator('.drawer-closed-notice')).toContainText(closedWords);
  await expect(modal.locator('.drawer-closed-notice').getByRole('button', { name: 'Open drawer' })).toBeVisible();
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);

  // So does Record Payment on the Due List, once Cash is chosen.
  await page.goto('/transaction/due-list');
  const row = page.locator('table.due-table > tbody > tr').filter({ hasText: invoice.invoiceNo });
  await row.getByRole('button', { name: `Record payment for ${invoice.invoiceNo}` }).click();
  const record = page.getByRole('dialog', { name: 'Record Payment' });
  await expect(record.locator('.drawer-closed-notice')).toHaveCount(0);
  await record.getByLabel('Payment Method').selectOption('Cash');
  await expect(record.locator('.drawer-closed-notice')).toContainText(closedWords);
  await record.getByLabel('Paying Amount (LKR)').fill('683');
  await record.getByRole('button', { name: 'Record Payment' }).click();
  await expect(record).toHaveCount(0);

  // A Manager at the counter sees that cash before anyone opens the tablet's drawer.
  await waitForSynced(page, 30_000);
  const counter = await device(browser, { width: 1280, height: 800 });
  await loginAs(counter.page, admin);
  await waitForSynced(counter.page, 30_000);
  await counter.page.goto('/transaction/cash-drawer');
  const pending = counter.page.locator('table.closed-cash-table tbody tr');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('never opened');
  await expect(pending).toContainText('Rs. 6,465.00');
  await snap(counter.page, testInfo, 'cash-while-closed-manager-pending');

  // 'Open drawer' from the register: the float counted beside what was taken while closed.
  await page.goto('/transaction/sales-register');
  await notice.getByRole('button', { name: 'Open drawer' }).click();
  const opening = page.getByRole('dialog', { name: 'Open drawer' });
  await expect(opening.getByTestId('closed-cash')).toHaveText('Rs. 6,465.00');
  await snap(page, testInfo, 'cash-while-closed-open-drawer-768');
  await opening.getByRole('spinbutton', { name: 'Float (LKR)' }).fill('5000');
  await opening.getByRole('button', { name: 'Open Drawer' }).click();
  await expect(opening).toHaveCount(0);
  await expect(notice).toHaveCount(0);

  // The X report: the float, the cash taken while closed, and both expected in the drawer.
  await page.goto('/transaction/cash-drawer');
  const xReport = page.getByRole('table', { name: 'X report' });
  await expect(xReport.getByRole('row', { name: /Cash taken while closed/ })).toContainText('Rs. 6,465.00');
  await expect(xReport.getByRole('row', { name: /^Cash sales/ })).toContainText('Rs. 0.00');
  await expect(page.getByTestId('drawer-expected')).toHaveText('Rs. 11,465.00');
  await snap(page, testInfo, 'cash-while-closed-x-report-768');
  await page.getByRole('link', { name: 'Print X Report' }).click();
  await expect(page.locator('.print-root-preview .print-x-report')).toHaveCount(1);
  const xFile = testInfo.outputPath('x-report.pdf');
  await page.pdf({ path: xFile, preferCSSPageSize: true, printBackground: true });
  const xText = pdfText(xFile);
  for (const words of ['Cash taken while closed Rs. 6,465.00', 'Expected in the drawer Rs. 11,465.00', invoice.invoiceNo, 'Rs. 2,242.00', 'Rs. 3,540.00', 'Rs. 683.00']) {
    expect(xText, words).toContain(words);
  }
  await page.getByRole('button', { name: 'Back' }).click();

  // The blind count finds it all; the Z report prints it as taken while closed.
  await page.getByRole('button', { name: 'Close Drawer' }).click();
  for (const [label, pieces] of [
    ['Rs. 5,000', '2'],
    ['Rs. 1,000', '1'],
    ['Rs. 100', '4'],
    ['Rs. 50', '1'],
    ['Rs. 10', '1'],
    ['Rs. 5', '1'],
  ] as const) {
    await page.getByRole('spinbutton', { name: `Pieces of ${label}`, exact: true }).fill(pieces);
  }
  await page.getByRole('button', { name: 'Compare with Expected' }).click();
  await expect(page.getByTestId('drawer-close-expected')).toHaveText('Rs. 11,465.00');
  await expect(page.getByTestId('drawer-difference')).toHaveText('Rs. 0.00');
  await page.getByRole('button', { name: 'Close Drawer' }).click();
  await expect(page).toHaveURL(/\/print\/z-reports\//);
  await expect(page.locator('.print-root-preview .print-z-report')).toHaveCount(1);
  const zNumber = (await page.title()).split(' ')[0]!;
  const zFile = testInfo.outputPath('z-report.pdf');
  await page.pdf({ path: zFile, preferCSSPageSize: true, printBackground: true });
  const zText = pdfText(zFile);
  for (const words of ['Cash taken while closed Rs. 6,465.00', 'Expected Rs. 11,465.00', 'Difference Rs. 0.00', invoice.invoiceNo]) {
    expect(zText, words).toContain(words);
  }
  await page.getByRole('link', { name: '80 mm' }).click();
  await expect(page.locator('.print-root-preview .print-z-report-slip')).toContainText('Cash taken while closedRs. 6,465.00');
  await page.getByRole('button', { name: 'Back' }).click();
  await waitForSynced(page, 30_000);

  // The Manager at the counter: counted now, so no longer pending; the server worked the same Z
  // report out (nothing raised), and its reprint there says the same.
  await waitForSynced(counter.page, 30_000);
  await counter.page.reload();
  await expect(counter.page.getByRole('heading', { level: 2, name: 'Z reports of every register' })).toBeVisible();
  await expect(pending).toHaveCount(0);
  const listed = counter.page.locator('table.z-report-table tbody tr').filter({ hasText: zNumber });
  await expect(listed).toHaveCount(1);
  await expect(listed.locator('.review-pill')).toHaveCount(0);
  await listed.getByRole('link', { name: zNumber }).click();
  await expect(counter.page.locator('.print-root-preview .print-z-report')).toContainText('Cash taken while closed');
  await expect(counter.page.locator('.print-root-preview .print-z-report')).toContainText('Rs. 6,465.00');
  await snap(counter.page, testInfo, 'cash-while-closed-z-report-manager');
  await counter.close();
  await tablet.close();
});

test("'Open drawer' from the Payment modal opens the drawer over it, and the sale goes on into the new session", async ({ browser, request }) => {
  const token = await adminToken(request);
  const plate = `CX-${run.toUpperCase()}`;
  const customer = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Nadeesha Perera ${run}`, '0774445566', plate));
  const job = await api<{ jobCard: { _id: string } }>(
    request,
    token,
    'post',
    '/api/job-cards',
    openJobBody(customer.customer._id, plate, { jobServices: [jobService(`Oil change ${run}`, 1500)] }),
  );
  await api(request, token, 'put', `/api/job-cards/${job.jobCard._id}`, { status: 'Finished' });
  const counter = await device(browser, { width: 1280, height: 800 });
  const page = counter.page;
  await loginAs(page, admin);
  await waitForSynced(page);

  await openJobInRegister(page, job.jobCard._id);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Payment' });
  await modal.locator('.drawer-closed-notice').getByRole('button', { name: 'Open drawer' }).click();
  const opening = page.getByRole('dialog', { name: 'Open drawer' });
  await opening.getByRole('spinbutton', { name: 'Float (LKR)' }).fill('2000');
  await opening.getByRole('button', { name: 'Open Drawer' }).click();
  await expect(opening).toHaveCount(0);
  // The payment was not sent by the float's form: it waits, its notice gone, the cart as it was.
  await expect(modal).toBeVisible();
  await expect(modal.locator('.drawer-closed-notice')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);

  await page.goto('/transaction/cash-drawer');
  const xReport = page.getByRole('table', { name: 'X report' });
  await expect(xReport.getByRole('row', { name: /^Cash sales/ })).toContainText('Rs. 1,500.00');
  await expect(xReport.getByRole('row', { name: /Cash taken while closed/ })).toContainText('Rs. 0.00');
  await expect(page.getByTestId('drawer-expected')).toHaveText('Rs. 3,500.00');
  await counter.close();
});
