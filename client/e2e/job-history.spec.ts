import type { APIRequestContext, Locator, Page } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { holdStores } from './support/device-db';
import { admin } from './support/users';
import { snap } from './support/screenshots';
import { customerBody, jobItem, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';

// Issue 10's Job History Report in the browser, on a tablet (1024×768): jobs made through the REST
// API (as other devices would) reach this device; the report searches them by name, phone digits
// and plate, pages them 50 at a time, shows a job's details and opens its page, and downloads the
// matching jobs as a PDF, read back with poppler (text) and drawn to PNG. Then the same offline.

const run = Date.now().toString(36).slice(-5);
const RUN = run.toUpperCase();
const digits = String(Date.now() % 1_000_000).padStart(6, '0');
test.use({ viewport: { width: 1024, height: 768 } });

interface Customer {
  id: string;
  name: string;
  phone: string;
}

async function customer(request: APIRequestContext, token: string, name: string, phone: string, address: string, plate: string): Promise<Customer> {
  const { customer: created } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(name, phone, plate, { address }));
  return { id: created._id, name, phone };
}

interface JobSpec {
  plate: string;
  make?: string;
  model?: string;
  dateIn: string;
  /** jobService and jobItem lines (tests/factories). */
  services?: Record<string, unknown>[];
  items?: Record<string, unknown>[];
  jobType?: string;
  actionTaken?: string;
  notes?: string;
}

async function job(request: APIRequestContext, token: string, owner: Customer, spec: JobSpec): Promise<{ id: string; jobNumber: string }> {
  const body = openJobBody(owner.id, spec.plate, {
    vehicleMake: spec.make ?? '',
    vehicleModel: spec.model ?? '',
    currentMileage: 84500,
    dateIn: spec.dateIn,
    jobType: spec.jobType ?? 'Service',
    actionTaken: spec.actionTaken ?? '',
    notes: spec.notes ?? '',
    jobServices: spec.services ?? [],
    jobItems: spec.items ?? [],
  });
  const { jobCard } = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', body);
  return { id: jobCard._id, jobNumber: jobCard.jobNumber };
}

/** pdftotext in drawing order, spaces collapsed. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

const pdfPageCount = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

/** The report as staff use it. */
class JobHistoryReport {
  readonly search: Locator;
  readonly total: Locator;
  readonly rows: Locator;
  readonly pager: Locator;
  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search jobs' });
    this.total = page.getByTestId('report-total');
    this.rows = page.locator('table.job-history-table > tbody > tr');
    this.pager = page.getByRole('navigation', { name: 'Pagination' });
  }

  async open(path = '/report/job-history'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Job History Report' })).toBeVisible();
  }

  button(name: 'Search' | 'Reset' | 'Download PDF' | 'Prev' | 'Next'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  async searchFor(text: string, how: 'button' | 'enter' = 'button'): Promise<void> {
    await this.search.fill(text);
    if (how === 'enter') await this.search.press('Enter');
    else await this.button('Search').click();
  }

  /** Download PDF: the file saved under `name`, its text, its page count; page 1 drawn to `name`.png at 60 dpi. */
  async downloadPdf(name: string): Promise<{ file: string; text: string; pages: number; progress: string[] }> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { pdfProgress: string[] }).pdfProgress = seen;
      new MutationObserver(() => {
        const text = document.querySelector('.report-progress')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // The download, or the page's message when there is none (refused, or the worker failed).
    const failure = this.page
      .locator('.toast')
      .filter({ hasText: /^(Failed to build the PDF\.|Too many jobs)/ })
      .first();
    const downloaded = this.page.waitForEvent('download', { timeout: 120_000 });
    downloaded.catch(() => undefined);
    const failed = failure.waitFor({ timeout: 120_000 }).then(
      async () => (await failure.textContent()) ?? 'a message',
      () => null,
    );
    await this.button('Download PDF').click();
    const download = await Promise.race([downloaded, failed.then((message) => (message ? Promise.reject(new Error(`No PDF: ${message}`)) : downloaded))]);
    expect(download.suggestedFilename()).toBe('job_history_report.pdf');
    const file = test.info().outputPath(`${name}.pdf`);
    await download.saveAs(file);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, test.info().outputPath(name)]);
    await expect(this.page.locator('.report-progress')).toHaveCount(0);
    await expect(this.button('Download PDF')).toBeEnabled();
    const progress = await this.page.evaluate(() => (window as unknown as { pdfProgress: string[] }).pdfProgress);
    return { file, text: pdfText(file), pages: pdfPageCount(file), progress };
  }
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

test.describe('job history report', () => {
  test.describe.configure({ mode: 'serial' });
  let token = '';
  let nimal: Customer;
  let sunil: Customer;
  let pager: Customer;
  let invoiced: { id: string; jobNumber: string };
  let invoiceNo = '';
  const plates = { brakes: `JHA-${RUN}`, clutch: `JHB-${RUN}`, sunil: `JHC-${RUN}`, bare: `JHD-${RUN}` };
  const pagerJobs = 55;

  test.beforeAll(async ({ request }) => {
    token = await adminToken(request);
    nimal = await customer(request, token, `Nimal Perera ${run}`, `071${digits}1`, '5 Lake Road, Kandy', plates.brakes);
    sunil = await customer(request, token, `Sunil Silva ${run}`, `072${digits}2`, '9 Hill Street, Galle', plates.sunil);
    pager = await customer(request, token, `Pager Fernando ${run}`, `073${digits}3`, '1 Main Street', `JHP00-${RUN}`);

    // A finished, invoiced job with a service and a part; a suspended one; two of another customer.
    invoiced = await job(request, token, nimal, {
      plate: plates.brakes,
      make: 'Toyota',
      model: 'Axio',
      dateIn: '2026-03-04T09:00:00.000Z',
      jobType: 'Brake noise',
      actionTaken: 'Replaced the front pads',
      notes: 'Customer waits in the lounge',
      services: [jobService(`Brake service ${run}`, 2500)],
      items: [jobItem(`Brake pad ${run}`, 4500, { quantity: 2 })],
    });
    await api(request, token, 'put', `/api/job-cards/${invoiced.id}`, { status: 'Finished' });
    const paid = saleBody(nimal.id, [saleLine(`Brake work ${run}`, 11500)], { date: '2026-03-04T12:00:00.000Z', jobCardId: invoiced.id });
    const sale = await api<{ invoice: { invoiceNo: string } }>(request, token, 'post', '/api/sales/sales-invoices', paid);
    invoiceNo = sale.invoice.invoiceNo;
    const suspended = await job(request, token, nimal, { plate: plates.clutch, make: 'Honda', model: 'Fit', dateIn: '2026-03-05T09:00:00.000Z' });
    await api(request, token, 'put', `/api/job-cards/${suspended.id}`, { status: 'Suspended' });
    await job(request, token, sunil, { plate: plates.sunil, make: 'Suzuki', dateIn: '2026-03-06T09:00:00.000Z' });
    await job(request, token, sunil, { plate: plates.bare, dateIn: '2026-03-07T09:00:00.000Z' });
    // More than a page for one customer, an hour apart (newest: the last made).
    for (let i = 0; i < pagerJobs; i++) {
      const hour = new Date(Date.UTC(2026, 1, 1, 8) + i * 3_600_000).toISOString();
      await job(request, token, pager, { plate: `JHP${String(i).padStart(2, '0')}-${RUN}`, make: 'Nissan', model: 'Sunny', dateIn: hour });
    }
  });

  test('search by name, phone digits and plate; the details; the page; Reset; live', async ({ page, request }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new JobHistoryReport(page);
    await report.open();
    await expect(report.search).toHaveAttribute('placeholder', 'Search (Customer Name, Phone No., Vehicle Reg No.)');
    await expect(page.locator('table.job-history-table thead th')).toHaveText(['Date', 'Job #', 'Customer', 'Phone', 'Vehicle', 'Status', 'Invoice', 'Actions']);

    // By name, with the Search button: Nimal's two jobs, newest first.
    await report.searchFor(`perera ${run}`);
    await expect(page).toHaveURL(new RegExp(`\\?q=perera\\+${run}$`));
    await expect(report.total).toHaveText('Total: 2');
    await expect(report.rows).toHaveCount(2);
    await expect(report.rows.nth(0)).toContainText(`${plates.clutch} (Honda Fit)`);
    await expect(report.rows.nth(1)).toContainText(`${plates.brakes} (Toyota Axio)`);
    const brakes = report.row(plates.brakes);
    // As shown (innerText): the customer's cell also holds the copies of Phone and Invoice that show under the name on a portrait tablet.
    await expect(brakes.locator('td')).toHaveText(['04/03/2026', invoiced.jobNumber, nimal.name, nimal.phone, `${plates.brakes} (Toyota Axio)`, 'Finished', invoiceNo, 'View'], {
      useInnerText: true,
    });
    await expect(brakes.locator('.status-pill')).toHaveClass(/job-status-finished/);
    const clutch = report.row(plates.clutch);
    await expect(clutch.locator('.status-pill')).toHaveClass(/job-status-suspended/);
    await expect(clutch.locator('td').nth(6)).toHaveText('No');
    await expect(report.pager).toContainText('Page 1 of 1');
    await expect(report.button('Prev')).toBeDisabled();
    await expect(report.button('Next')).toBeDisabled();

    // Typing alone does not search; Enter does. The last digits of Sunil's phone.
    await report.search.fill(`${digits}2`);
    await page.waitForTimeout(300);
    await expect(report.total).toHaveText('Total: 2');
    await expect(report.rows.nth(0)).toContainText(nimal.name);
    await report.search.press('Enter');
    await expect(report.rows).toHaveCount(2);
    await expect(report.rows.nth(0)).toContainText(`${plates.bare}`);
    await expect(report.rows.nth(0).locator('td').nth(4)).toHaveText(plates.bare); // no make or model: the plate alone
    await expect(report.rows.nth(1).locator('td').nth(4)).toHaveText(`${plates.sunil} (Suzuki)`);
    await expect(report.rows.nth(0).locator('.status-pill')).toHaveClass(/job-status-open/);

    // By plate: one job.
    await report.searchFor(plates.brakes.toLowerCase(), 'enter');
    await expect(report.rows).toHaveCount(1);
    await expect(report.total).toHaveText('Total: 1');

    // Nothing found.
    await report.searchFor(`nobody ${run}`);
    await expect(report.rows).toHaveText(['No results']);
    await expect(report.total).toHaveText('Total: 0');
    await expect(report.button('Download PDF')).toBeDisabled();

    // The details of the invoiced job.
    await report.searchFor(plates.brakes);
    await report
      .row(plates.brakes)
      .getByRole('button', { name: `View ${invoiced.jobNumber}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Job Details' });
    await expect(modal).toContainText(`Job Number${invoiced.jobNumber}`);
    await expect(modal.locator('.status-pill')).toHaveText('Finished');
    const customerPart = modal.getByRole('region', { name: 'Customer' });
    await expect(customerPart).toContainText(`Name${nimal.name}`);
    await expect(customerPart).toContainText(`Phone${nimal.phone}`);
    await expect(customerPart).toContainText('Address5 Lake Road, Kandy');
    const vehiclePart = modal.getByRole('region', { name: 'Vehicle' });
    await expect(vehiclePart).toContainText(`Plate${plates.brakes}`);
    await expect(vehiclePart).toContainText('Make and modelToyota Axio');
    await expect(vehiclePart).toContainText('Mileage84,500 km');
    await expect(modal).toContainText('Problem DescriptionBrake noise');
    await expect(modal).toContainText('Action TakenReplaced the front pads');
    await expect(modal).toContainText('NotesCustomer waits in the lounge');
    const services = modal.getByRole('region', { name: 'Services' });
    await expect(services.locator('thead th')).toHaveText(['Service', 'Qty', 'Unit Price', 'Amount']);
    await expect(services.locator('tbody tr td')).toHaveText([`Brake service ${run}`, '1', 'Rs. 2,500.00', 'Rs. 2,500.00']);
    await expect(services.locator('tfoot')).toHaveText('Services TotalRs. 2,500.00');
    const parts = modal.getByRole('region', { name: 'Items / Parts' });
    await expect(parts.locator('thead th')).toHaveText(['Item', 'Qty', 'Unit Price', 'Amount']);
    await expect(parts.locator('tbody tr td')).toHaveText([`Brake pad ${run}`, '2', 'Rs. 4,500.00', 'Rs. 9,000.00']);
    await expect(parts.locator('tfoot')).toHaveText('Items TotalRs. 9,000.00');
    await snap(page, test.info(), 'job-history-01-details');

    // Close, then Open Page: the job's own page; back returns to the same search.
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    await report
      .row(plates.brakes)
      .getByRole('button', { name: `View ${invoiced.jobNumber}` })
      .click();
    await modal.getByRole('link', { name: 'Open Page' }).click();
    await expect(page).toHaveURL(new RegExp(`/job-cards/${invoiced.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(invoiced.jobNumber);
    await page.goBack();
    await expect(report.rows).toHaveCount(1);
    await expect(report.search).toHaveValue(plates.brakes);

    // Live: a job made elsewhere for Nimal arrives while the search is shown.
    await report.searchFor(`perera ${run}`);
    await expect(report.total).toHaveText('Total: 2');
    const extra = await job(request, token, nimal, { plate: `JHE-${RUN}`, dateIn: '2026-03-08T09:00:00.000Z' });
    await expect(report.total).toHaveText('Total: 3', { timeout: 20_000 });
    await expect(report.rows.nth(0)).toContainText(`JHE-${RUN}`);
    // Deleted elsewhere while its details are open: the modal says so, the list drops it.
    await report.rows
      .nth(0)
      .getByRole('button', { name: `View ${extra.jobNumber}` })
      .click();
    await expect(modal.getByRole('region', { name: 'Vehicle' })).toContainText(`Plate${`JHE-${RUN}`}`);
    expect((await request.delete(`/api/job-cards/${extra.id}`, { headers: { token } })).status()).toBe(200);
    await expect(modal.locator('.error-text')).toHaveText('Failed to load job details', { timeout: 20_000 });
    await expect(report.total).toHaveText('Total: 2');
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();

    // Reset: the box empties and every job on the device shows again, page 1.
    await report.searchFor(`pager ${run}`);
    await report.button('Next').click();
    await expect(report.pager).toContainText('Page 2 of 2');
    const searchedTotal = (await report.total.textContent())!;
    await report.button('Reset').click();
    await expect(report.search).toHaveValue('');
    await expect(page).toHaveURL(/\/report\/job-history$/);
    await expect(report.pager).toContainText(/Page 1 of \d+/);
    // The search's total stays on screen until every job is read ('Page 1 of 2' shows over it at once).
    await expect(report.total).not.toHaveText(searchedTotal);
    const all = Number((await report.total.textContent())!.replace(/\D/g, ''));
    expect(all).toBeGreaterThanOrEqual(pagerJobs + 4);
    await expect(report.rows).toHaveCount(50);
  });

  test('the pager: 55 jobs at 50 a page, Prev and Next disabled at the ends', async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new JobHistoryReport(page);
    await report.open();
    await report.searchFor(`fernando ${run}`);
    await expect(report.total).toHaveText(`Total: ${pagerJobs}`);
    await expect(report.rows).toHaveCount(50);
    await expect(report.pager).toContainText('Page 1 of 2');
    await expect(report.rows.nth(0)).toContainText(`JHP54-${RUN}`);
    await expect(report.rows.nth(49)).toContainText(`JHP05-${RUN}`);
    await expect(report.button('Prev')).toBeDisabled();
    await expect(report.button('Next')).toBeEnabled();
    await snap(page, test.info(), 'job-history-02-page-1');
    await report.button('Next').click();
    await expect(report.pager).toContainText('Page 2 of 2');
    await expect(report.rows).toHaveCount(5);
    await expect(report.rows.nth(4)).toContainText(`JHP00-${RUN}`);
    await expect(report.button('Next')).toBeDisabled();
    await expect(report.button('Prev')).toBeEnabled();
    // The page is in the address: a reload keeps it.
    await page.reload();
    await expect(report.pager).toContainText('Page 2 of 2');
    await report.button('Prev').click();
    await expect(report.pager).toContainText('Page 1 of 2');
    await expect(report.rows).toHaveCount(50);
  });

  test('Download PDF: every matching job, the filters line, page footers', async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new JobHistoryReport(page);
    await report.open();

    // 55 jobs of one customer: more than the screen's page, all in the PDF.
    await report.searchFor(`fernando ${run}`);
    await expect(report.total).toHaveText(`Total: ${pagerJobs}`);
    const searched = await report.downloadPdf('job-history-search');
    expect(searched.text).toContain('Job History Report');
    expect(searched.text).toContain(`Search: fernando ${run}`);
    expect(searched.text).toContain(`Total: ${pagerJobs} jobs`);
    expect(searched.text).toMatch(/Generated: \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(searched.text).toContain('Date Job # Customer Phone Vehicle Status Invoice');
    expect(count(searched.text, new RegExp(`JHP\\d\\d-${RUN}`, 'g'))).toBe(pagerJobs);
    expect(searched.text).toContain(`Page 1 of ${searched.pages}`);
    expect(searched.text).toContain(`Page ${searched.pages} of ${searched.pages}`);
    expect(searched.pages).toBeGreaterThanOrEqual(2);
    expect(
      searched.progress.some((text) => /^Building PDF… \d+%$/.test(text)),
      searched.progress.join(' | '),
    ).toBe(true);

    // Nimal's: the invoice number, 'No', the vehicle in brackets.
    await report.searchFor(`perera ${run}`);
    const nimals = await report.downloadPdf('job-history-perera');
    expect(nimals.text).toContain(`Search: perera ${run}`);
    expect(nimals.text).toContain(invoiceNo);
    expect(nimals.text).toContain(`${plates.brakes} (Toyota Axio)`);
    expect(nimals.text).toContain('Page 1 of 1');

    // No search: 'All jobs', as many rows as the screen's total.
    const searchedTotal = (await report.total.textContent())!;
    await report.button('Reset').click();
    await expect(report.total).not.toHaveText(searchedTotal); // the list of every job, not the search's
    const all = Number((await report.total.textContent())!.replace(/\D/g, ''));
    const everything = await report.downloadPdf('job-history-all');
    expect(everything.text).toContain('All jobs');
    expect(everything.text).toContain(`Total: ${all.toLocaleString('en-US')} jobs`);
    expect(count(everything.text, new RegExp(`JH[A-EP]\\d*-${RUN}`, 'g'))).toBe(pagerJobs + 4);
    expect(everything.text).toContain(`Page 1 of ${everything.pages}`);
  });

  test('offline: search, details and the PDF from the device', async ({ page, context }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    await waitForServiceWorkerControl(page);
    const report = new JobHistoryReport(page);
    await report.open();
    await context.setOffline(true);
    // A cold load of the route from the service worker, then everything from IndexedDB.
    await report.open(`/report/job-history?q=${encodeURIComponent(`${digits}1`)}`);
    await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
    await expect(report.total).toHaveText('Total: 2');
    await report.searchFor(plates.clutch);
    await expect(report.rows).toHaveCount(1);
    await report.rows
      .first()
      .getByRole('button', { name: /^View / })
      .click();
    const modal = page.getByRole('dialog', { name: 'Job Details' });
    await expect(modal.getByRole('region', { name: 'Customer' })).toContainText('Address5 Lake Road, Kandy');
    await expect(modal.getByRole('region', { name: 'Vehicle' })).toContainText('Make and modelHonda Fit');
    await expect(modal.getByRole('region', { name: 'Services' }).locator('tbody')).toHaveText('None');
    await expect(modal.getByRole('region', { name: 'Services' }).locator('tfoot')).toHaveText('Services TotalRs. 0.00');
    await modal.locator('.modal-actions').getByRole('button', { name: 'Close' }).click();

    await report.searchFor(`${digits}1`);
    const pdf = await report.downloadPdf('job-history-offline');
    expect(pdf.text).toContain('Job History Report');
    expect(pdf.text).toContain(`Search: ${digits}1`);
    expect(count(pdf.text, new RegExp(`JH[A-E]-${RUN}`, 'g'))).toBe(2);
    expect(pdf.text).toContain('Page 1 of 1');
    await snap(page, test.info(), 'job-history-03-offline');
    await context.setOffline(false);
  });

  test("Job Details says 'Loading job…' until the job is read from the device", async ({ page }) => {
    await loginAs(page, admin);
    await waitForSynced(page);
    const report = new JobHistoryReport(page);
    await report.open();
    await report.searchFor(plates.brakes);
    // The job's row, not the table's 'Loading…' row: once the stores are held, no row would come.
    await expect(report.row(plates.brakes)).toHaveCount(1);
    await expect(report.rows).toHaveCount(1);
    // The job's stores are held by another connection: the modal's reads of them wait.
    const release = await holdStores(page, ['jobCards', 'jobLines']);
    await report
      .row(plates.brakes)
      .getByRole('button', { name: `View ${invoiced.jobNumber}` })
      .click();
    const modal = page.getByRole('dialog', { name: 'Job Details' });
    await expect(modal.getByText('Loading job…', { exact: true })).toBeVisible();
    await expect(modal.getByRole('region', { name: 'Vehicle' })).toHaveCount(0);
    await expect(modal.getByRole('link', { name: 'Open Page' })).toBeVisible();
    await release();
    await expect(modal).toContainText(`Job Number${invoiced.jobNumber}`);
    await expect(modal.getByRole('region', { name: 'Vehicle' })).toContainText(`Plate${plates.brakes}`);
    await expect(modal.getByText('Loading job…', { exact: true })).toHaveCount(0);
  });
});

// The issue's scale figure in the browser (a measurement, not a check of behaviour): 10,000 jobs of
// one customer pushed as another device would, synced to this one, then Download PDF. Prints the
// page's own measure (rows read on the page, the worker's build) and the longest main-thread task
// meanwhile. Run with JOB_HISTORY_BENCH=1; skipped otherwise.
test.describe('job history report at scale', () => {
  test.skip(!process.env.JOB_HISTORY_BENCH, 'a measurement: JOB_HISTORY_BENCH=1 runs it');
  const rows = Number(process.env.JOB_HISTORY_BENCH_ROWS ?? 10_000);

  test(`the PDF of ${rows.toLocaleString('en-US')} jobs, built in the worker`, async ({ page, request }) => {
    test.setTimeout(600_000);
    const token = await adminToken(request);
    const owner = await customer(request, token, `Bench Bandara ${run}`, `074${digits}4`, '2 Bench Road', `JHX0-${RUN}`);
    const clientId = `job-history-bench-${run}`;
    const started = Date.UTC(2025, 0, 1);
    for (let from = 0, seq = 1; from < rows; from += 100) {
      const mutations = Array.from({ length: Math.min(100, rows - from) }, (_, k) => {
        const i = from + k;
        return {
          id: crypto.randomUUID(),
          clientId,
          seq: seq++,
          name: 'createJobCard',
          createdAt: new Date().toISOString(),
          args: {
            id: crypto.randomUUID(),
            customerId: owner.id,
            vehicleLicensePlate: `JHX${i}-${RUN}`,
            vehicleMake: i % 5 ? 'Toyota' : '',
            vehicleModel: i % 3 ? 'Axio' : '',
            currentMileage: 10_000 + i,
            dateIn: new Date(started + i * 600_000).toISOString(),
            lines: [],
          },
        };
      });
      const { results } = await api<{ results: { status: string; message?: string }[] }>(request, token, 'post', '/api/sync/push', { clientId, mutations });
      expect(
        results.filter((result) => result.status !== 'applied'),
        JSON.stringify(results[0]),
      ).toEqual([]);
    }

    await loginAs(page, admin);
    const report = new JobHistoryReport(page);
    await report.open();
    await report.searchFor(`bandara ${run}`);
    await expect(report.total).toHaveText(`Total: ${rows.toLocaleString('en-US')}`, { timeout: 300_000 });
    await page.evaluate(() => {
      const tasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = tasks;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask' });
    });
    const pdf = await report.downloadPdf('job-history-bench');
    const measure = await page.evaluate(() => {
      const entry = performance.getEntriesByName('job-history-pdf').at(-1) as PerformanceMeasure | undefined;
      const tasks = (window as unknown as { longTasks: number[] }).longTasks;
      return { detail: entry?.detail as { rows: number; readMs: number; buildMs: number; totalMs: number }, longest: Math.max(0, ...tasks), longTasks: tasks.length };
    });
    expect(measure.detail.rows).toBe(rows);
    expect(count(pdf.text, new RegExp(`JHX\\d+-${RUN}`, 'g'))).toBe(rows);
    const figure =
      `Job History Report PDF in the browser: ${rows.toLocaleString('en-US')} rows, ${pdf.pages} pages; ` +
      `read on the page ${measure.detail.readMs.toFixed(0)} ms, built in the worker ${measure.detail.buildMs.toFixed(0)} ms, ` +
      `click to file ${measure.detail.totalMs.toFixed(0)} ms; main-thread long tasks meanwhile: ${measure.longTasks}, the longest ${measure.longest.toFixed(0)} ms; ` +
      `progress shown: ${pdf.progress.length} steps (${pdf.progress.slice(0, 3).join(', ')} … ${pdf.progress.at(-1)})`;
    console.log(figure);
    test.info().annotations.push({ type: 'figure', description: figure });
  });
});
