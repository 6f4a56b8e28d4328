import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, jobItem, jobService, openJobBody } from '../../tests/factories';

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
