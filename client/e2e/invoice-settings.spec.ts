import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { toastWith } from './support/list-page';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobItem, jobService, openJobBody } from '../../tests/factories';
import { openJobInRegister } from './support/register';

// Issue 47: a VAT-registered shop enters its VAT number in Company Detail and its invoices print as
// 'Tax Invoice' with it; the 80 mm receipt lists the sale's lines when the shop asks; and a sale's A4
// invoice and 80 mm receipt go to the printer as one job each, not one job of two page sizes.
// window.print is recorded (what each job held); the reprints are printed to PDF and read back.

const run = `r${Date.now().toString(36).slice(-5)}`;
const vatNumber = '114567890-7000';
const mmToPt = 72 / 25.4;

type Watch = { jobs: string[][] };

test("a VAT-registered shop's Tax Invoice, an itemised 80 mm receipt, one print job each", async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  await api(request, token, 'put', '/api/company', {
    name: `Lanka Auto Care ${run}`,
    address: 'No. 45, Galle Road, Dehiwala',
    phone: '0771234567',
    email: 'info@lankaauto.test',
    receiptLayout: 'thermal80',
  });
  const plate = `CAB-${run.toUpperCase()}`;
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Sunil Fernando ${run}`, '0773456789', plate));
  const body = openJobBody(customer._id, plate, {
    jobItems: [jobItem(`Oil Filter ${run}`, 1850), jobItem(`Engine oil 1L ${run}`, 2500, { quantity: 2 })],
    jobServices: [jobService(`Full Service ${run}`, 4500)],
  });
  const { jobCard } = await api<{ jobCard: { _id: string } }>(request, token, 'post', '/api/job-cards', body);
  await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });
  // Each print() is a job: what its print root held when the dialog would open.
  await page.addInitScript(() => {
    const w = window as unknown as Watch;
    w.jobs = [];
    window.print = () => w.jobs.push([...document.querySelectorAll('.print-root-job .print-doc')].map((doc) => doc.getAttribute('aria-label') ?? ''));
  });
  await loginAs(page, admin);
  await waitForSynced(page);

  // Company Detail: the VAT number and the itemised receipt.
  await page.goto('/settings/company');
  await expect(page.getByLabel('Company Name', { exact: true })).toHaveValue(`Lanka Auto Care ${run}`);
  await page.getByLabel('VAT Number', { exact: true }).fill(vatNumber);
  await page.getByLabel(/Itemised/).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toastWith(page, 'Company details saved.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('company-vat.png'), fullPage: true });
  await waitForSynced(page);
  expect((await api<{ company: { vatNumber: string; itemisedReceipt: boolean } }>(request, token, 'get', '/api/company')).company).toMatchObject({
    vatNumber,
    itemisedReceipt: true,
  });

  // The job sold at the register: the invoice and the receipt, one job each.
  await openJobInRegister(page, jobCard._id, 3);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  await page.getByRole('dialog', { name: 'Payment' }).getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);
  await expect.poll(() => page.evaluate(() => (window as unknown as Watch).jobs.length)).toBe(2);
  expect(await page.evaluate(() => (window as unknown as Watch).jobs)).toEqual([['Tax Invoice'], ['Payment Receipt']]);

  await waitForSynced(page);
  const { invoice } = await api<{ invoice: { _id: string; invoiceNo: string } }>(request, token, 'get', `/api/sales/sales-invoices/by-job-card/${jobCard._id}`);
  const printed = async (doc: string) => {
    await page.goto(`/print/invoices/${invoice._id}?doc=${doc}`);
    await expect(page.locator('.print-root-preview .print-doc')).toHaveCount(1, { timeout: 20_000 });
    const file = testInfo.outputPath(`${doc}.pdf`);
    await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, testInfo.outputPath(doc)]);
    const sizes = [...execFileSync('pdfinfo', ['-f', '1', '-l', '9', file], { encoding: 'utf8' }).matchAll(/^Page\s+\d+ size:\s+([\d.]+) x/gm)].map((m) => Number(m[1]));
    return { sizes, text: execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ') };
  };

  const taxInvoice = await printed('invoice');
  expect(taxInvoice.sizes).toHaveLength(1);
  expect(taxInvoice.text).toContain('Tax Invoice');
  expect(taxInvoice.text).not.toContain('Auto repair Invoice');
  expect(taxInvoice.text).toContain(`VAT No ${vatNumber}`);
  expect(taxInvoice.text).toContain(`Invoice No ${invoice.invoiceNo}`);

  const receipt = await printed('receipt');
  expect(receipt.sizes).toHaveLength(1);
  expect(Math.abs(receipt.sizes[0]! - 80 * mmToPt)).toBeLessThan(1);
  for (const line of [`Full Service ${run} × 1 Rs. 4,500.00`, `Oil Filter ${run} × 1 Rs. 1,850.00`, `Engine oil 1L ${run} × 2 Rs. 5,000.00`]) expect(receipt.text).toContain(line);
  expect(receipt.text).toContain('Total Rs. 11,350.00');
});
