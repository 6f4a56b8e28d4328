import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobItem, jobService, openJobBody } from '../../tests/factories';
import { openJobInRegister } from './support/register';

// Issue 25: the job sheet the customer signs at check-in. A job made through the REST API reaches
// this device; its page opens the sheet, which Chromium prints to an A4 PDF read back with poppler
// (text and page size) and drawn to PNG to look at.

const run = `r${Date.now().toString(36).slice(-5)}`;
const plate = `WP CBH-${run.slice(-4).toUpperCase()}`;

test('the job page prints a job sheet: shop, customer, vehicle, mileage in, problem, promise, lines so far, terms, signatures', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  await api(request, token, 'put', '/api/company', {
    name: `Silva Auto Care ${run}`,
    address: '12 Galle Road, Colombo 03',
    phone: '0112345678',
    email: 'office@silvaauto.test',
    footer: 'Thank you for your business!',
  });
  const customer = customerBody(`Ruwan Jayasinghe ${run}`, '0771234567', plate, { address: '5 Lake Road, Kandy' });
  const created = await api<{ customer: { _id?: string; id?: string } }>(request, token, 'post', '/api/customers', customer);
  const job = openJobBody((created.customer._id ?? created.customer.id)!, plate, {
    currentMileage: 85230,
    promisedDate: '2026-11-27',
    promisedTime: '17:30',
    jobType: 'Pulling to the left; misfire on cold start',
    jobItems: [jobItem(`Spark Plug NGK ${run}`, 780, { quantity: 4 })],
    jobServices: [jobService(`Wheel Alignment ${run}`, 3000)],
  });
  const { jobCard } = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', job);

  await loginAs(page, admin);
  await waitForSynced(page);
  // The job card offers it while the job is open for editing, at check-in.
  await page.goto(`/transaction/job-card?id=${jobCard._id}&tab=vehicle`);
  await expect(page.getByRole('link', { name: 'Print Job Sheet' })).toHaveAttribute('href', `/print/job-sheets/${jobCard._id}`);
  await page.goto(`/job-cards/${jobCard._id}`);
  await page.getByRole('link', { name: 'Job Sheet', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/print/job-sheets/${jobCard._id}$`));
  const sheet = page.locator('.print-root-preview .print-job-sheet');
  await expect(sheet).toHaveCount(1, { timeout: 20_000 });
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText('Job Sheet');
  await expect(page).toHaveTitle(`${jobCard.jobNumber} Job Sheet`);

  const file = testInfo.outputPath('job-sheet.pdf');
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, testInfo.outputPath('job-sheet')]);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(info).toMatch(/^Pages:\s+1$/m);
  expect(info).toMatch(/^Page size:.*\(A4\)$/m);
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  for (const words of [
    `Silva Auto Care ${run}`,
    'Job Sheet',
    `Job No ${jobCard.jobNumber}`,
    'Promised 27/11/2026 17:30',
    `Ruwan Jayasinghe ${run}`,
    '0771234567',
    '5 Lake Road, Kandy',
    `Vehicle Reg ${plate}`,
    'Mileage In 85,230 km',
    'Pulling to the left; misfire on cold start',
    `Wheel Alignment ${run} Service 1 Rs. 3,000.00 Rs. 3,000.00`,
    `Spark Plug NGK ${run} Part 4 Rs. 780.00 Rs. 3,120.00`,
    'Estimate Rs. 6,120.00',
    'Terms',
    'Customer’s signature',
    `Received for Silva Auto Care ${run}`,
    'Thank you for your business!',
  ]) {
    expect(text).toContain(words);
  }
  // Nothing of the app around it: the toolbar and the shell do not print.
  expect(text).not.toContain('Print');
  expect(text).not.toContain('Back');
});

// Issue 47, major 5: the signed sheet said Rs. 19,150.00, the invoice of the same lines at 18 % added
// Rs. 22,597.00. Both documents are printed to PDF and read back: the sheet's estimate is the invoice's total.
test("the job sheet's estimate is the invoice's total for the same lines at 18 % added", async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  await api(request, token, 'put', '/api/company', {
    name: `Lanka Auto Care ${run}`,
    address: 'No. 45, Galle Road, Dehiwala',
    phone: '0771234567',
    email: 'info@lankaauto.test',
    taxRatePercent: 18,
    pricesIncludeTax: false,
  });
  const taxPlate = `WP CBT-${run.slice(-4).toUpperCase()}`;
  const customer = customerBody(`Sunil Fernando ${run}`, '0773456789', taxPlate);
  const created = await api<{ customer: { _id?: string; id?: string } }>(request, token, 'post', '/api/customers', customer);
  const body = openJobBody((created.customer._id ?? created.customer.id)!, taxPlate, {
    jobItems: [jobItem(`Castrol GTX 20W-50 4L ${run}`, 7800), jobItem(`Oil Filter Toyota ${run}`, 1850), jobItem(`Engine oil 1L ${run}`, 2500, { quantity: 2 })],
    jobServices: [jobService(`Full Service (Car) ${run}`, 4500)],
  });
  const { jobCard } = await api<{ jobCard: { _id: string } }>(request, token, 'post', '/api/job-cards', body);
  // The register prints the invoice after the sale; headless Chromium has no dialog to show.
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await loginAs(page, admin);
  await waitForSynced(page);
  const readBack = (name: string) => {
    const file = testInfo.outputPath(`${name}.pdf`);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, testInfo.outputPath(name)]);
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  };

  await page.goto(`/print/job-sheets/${jobCard._id}`);
  await expect(page.locator('.print-root-preview .print-job-sheet')).toHaveCount(1, { timeout: 20_000 });
  await page.pdf({ path: testInfo.outputPath('job-sheet-18.pdf'), preferCSSPageSize: true, printBackground: true });
  const sheet = readBack('job-sheet-18');
  const estimate = sheet.match(/Estimate (Rs\. [\d,]+\.\d\d)/)?.[1];
  expect(sheet).toContain('Subtotal Rs. 19,150.00');
  expect(sheet).toContain('Sales Tax (18%) Rs. 3,447.00');

  await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });
  await page.goto('/');
  await waitForSynced(page);
  await openJobInRegister(page, jobCard._id, 4);
  await page.getByRole('button', { name: 'Payment', exact: true }).click();
  await page.getByRole('dialog', { name: 'Payment' }).getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page).toHaveURL(/\/transaction\/job-card$/);
  await waitForSynced(page);
  const { invoice } = await api<{ invoice: { _id: string } }>(request, token, 'get', `/api/sales/sales-invoices/by-job-card/${jobCard._id}`);
  await page.goto(`/print/invoices/${invoice._id}?doc=invoice`);
  await expect(page.locator('.print-root-preview .print-invoice')).toHaveCount(1, { timeout: 20_000 });
  await page.pdf({ path: testInfo.outputPath('invoice-18.pdf'), preferCSSPageSize: true, printBackground: true });
  const printed = readBack('invoice-18');
  expect(printed).toContain('Total Rs. 22,597.00');
  expect(estimate).toBe(printed.match(/\nTotal (Rs\. [\d,]+\.\d\d)/)?.[1]);
});
