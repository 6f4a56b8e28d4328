import { readBarcodeFromPdf } from './support/barcode';
import type { APIRequestContext, Page } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api, OtherRegister } from './support/server-api';
import { toastWith } from './support/list-page';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { expectNoAccessibilityViolations } from './support/shell-checks';
import { snap } from './support/screenshots';
import { customerBody, openJobBody } from '../../tests/factories';

// Spec 2.17 on paper: a job-card sale and a guest sale are made on the server (as another register
// would), this browser syncs them, and each document is printed to PDF by Chromium from the device's
// own copy, then read back with poppler: title, totals, one page each, the page sizes, the PAID stamp.

const run = Date.now().toString(36).slice(-5);
const clientId = `printing-e2e-${run}`;
const mmToPt = 72 / 25.4;

interface PdfPage {
  width: number;
  height: number;
}

interface Sale {
  invoiceId: string;
  invoiceNo: string;
  jobId: string;
  jobNumber: string;
}

/** A logo drawn by the browser: a blue square with an amber ring. */
async function logoDataUrl(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 120;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#1f3a68';
    g.fillRect(0, 0, 120, 120);
    g.strokeStyle = '#f5a524';
    g.lineWidth = 12;
    g.beginPath();
    g.arc(60, 60, 34, 0, Math.PI * 2);
    g.stroke();
    return canvas.toDataURL('image/png');
  });
}

/** A finished job for a new customer, made through the REST API. */
async function finishedJob(request: APIRequestContext, token: string, plate: string): Promise<{ jobId: string; jobNumber: string; customerId: string }> {
  const body = customerBody(`Nimal Perera ${run}`, '0771234567', plate, { address: '5 Lake Road, Kandy' });
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', body);
  const job = openJobBody(customer._id, plate, { vehicleMake: 'Toyota', vehicleModel: 'Axio', currentMileage: 84500, jobType: 'Battery dead' });
  const { jobCard } = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', job);
  await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status: 'Finished' });
  return { jobId: jobCard._id, jobNumber: jobCard.jobNumber, customerId: customer._id };
}

const register = new OtherRegister(clientId);

/** A checkoutSale pushed as another register would: its own device code and invoice number. */
const pushSale = (request: APIRequestContext, token: string, args: Record<string, unknown>) => register.push(request, token, 'checkoutSale', args);

/** pdfinfo: each page's size in points. */
function pdfPages(file: string): PdfPage[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100', file], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

/** pdftotext in drawing order (the rotated PAID stamp stays one word), spaces collapsed. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

class PrintRoute {
  constructor(
    readonly page: Page,
    readonly dir: string,
  ) {}

  /** Opens the reprint route of a document and waits for it to be drawn (its logo decoded). */
  async open(invoiceId: string, doc: string): Promise<void> {
    await this.page.goto(`/print/invoices/${invoiceId}?doc=${doc}`);
    await this.shown(doc.split(',').length);
  }

  async shown(count: number): Promise<void> {
    await expect(this.page.locator('.print-root-preview .print-doc')).toHaveCount(count, { timeout: 20_000 });
    await this.page.evaluate(() => Promise.all([...document.querySelectorAll('.print-root img')].map((img) => (img as HTMLImageElement).decode())));
  }

  /** Chromium's PDF of the page as it prints, with the page sizes the CSS names; a PNG of page 1 beside it. */
  async pdf(name: string): Promise<{ file: string; pages: PdfPage[]; text: string }> {
    const file = join(this.dir, `${name}.pdf`);
    await this.page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(this.dir, name)]);
    return { file, pages: pdfPages(file), text: pdfText(file) };
  }
}

interface PrintCall {
  at: number;
  docs: string[];
  printing: boolean;
}
type PrintWatch = { printCalls: PrintCall[]; rootAddedAt: number | null; keepCopy: boolean; clearedOnAfterprint?: boolean };

/**
 * window.print is the browser's dialog, which prints a copy of the page taken when it is called. The
 * stub records what the page held then and when the print root appeared, and keeps a copy of the
 * root (class print-root-capture) for the test to make the PDF of, after the app has cleared its own.
 */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as PrintWatch;
    w.printCalls = [];
    w.rootAddedAt = null;
    w.keepCopy = true;
    new MutationObserver(() => {
      if (w.rootAddedAt === null && document.querySelector('.print-root-job')) w.rootAddedAt = performance.now();
    }).observe(document.body, { childList: true });
    window.print = () => {
      const root = document.querySelector('.print-root-job');
      const copy = root?.cloneNode(true) as HTMLElement | undefined;
      copy?.classList.add('print-root-capture');
      if (copy && w.keepCopy) document.body.append(copy);
      // Otherwise the dialog closes at once, as a browser says with 'afterprint'.
      if (!w.keepCopy)
        setTimeout(() => {
          window.dispatchEvent(new Event('afterprint'));
          w.clearedOnAfterprint = !document.querySelector('.print-root');
        });
      w.printCalls.push({
        at: performance.now(),
        docs: [...(root?.querySelectorAll('.print-doc') ?? [])].map((doc) => doc.getAttribute('aria-label') ?? ''),
        printing: document.documentElement.classList.contains('printing-sale-documents'),
      });
    };
  });
}

const printCalls = (page: Page) => page.evaluate(() => (window as unknown as PrintWatch).printCalls);

const expectSize = (page: PdfPage | undefined, width: number, height: number) => {
  expect(page, 'a page').toBeDefined();
  expect(Math.abs(page!.width - width), `width ${page!.width} ≈ ${width}`).toBeLessThan(1);
  expect(Math.abs(page!.height - height), `height ${page!.height} ≈ ${height}`).toBeLessThan(1);
};

test.describe('printed documents', () => {
  test.describe.configure({ mode: 'serial' });
  let token: string;
  let jobSale: Sale;
  let guestSale: Sale & { jobId: '' };
  let serviceOnlySale: Sale;
  let companyName: string;

  test('two sales made elsewhere reach this device; each document prints alone, one page of its size', async ({ page, request }, testInfo) => {
    const dir = join(testInfo.project.outputDir, 'printing');
    mkdirSync(dir, { recursive: true });
    token = await adminToken(request);

    // The shop's details, with a logo; the tax setting is left as it is (each invoice keeps its own).
    await page.goto('/');
    companyName = `Silva Auto Care ${run}`;
    await api(request, token, 'put', '/api/company', {
      name: companyName,
      address: '12 Galle Road, Colombo 03',
      phone: '0112345678',
      email: 'office@silvaauto.test',
      footer: 'Thank you for your business!',
      logoUrl: await logoDataUrl(page),
      receiptLayout: 'square',
    });

    // Another register: its own code, INV-<code>-<sequence>.
    const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId });
    const plate = `PRN-${run.toUpperCase()}`;
    const job = await finishedJob(request, token, plate);
    const date = new Date().toISOString();

    // A job sale, part paid: 9,500.00 + 1,500.00 + 500.00 = 11,500.00, 8 % included; 5,000.00 in cash.
    jobSale = { invoiceId: randomUUID(), invoiceNo: `INV-${code}-00001`, jobId: job.jobId, jobNumber: job.jobNumber };
    await pushSale(request, token, {
      id: jobSale.invoiceId,
      invoiceNo: jobSale.invoiceNo,
      date,
      customerId: job.customerId,
      jobCardId: job.jobId,
      lines: [
        { id: randomUUID(), kind: 'item', refId: null, name: 'Battery 12V 60Ah', quantity: 1, unitPrice: 10000, discountPercent: 5, warrantyMonths: 12 },
        { id: randomUUID(), kind: 'service', refId: null, name: 'Battery fitting', quantity: 1, unitPrice: 1500, warrantyMonths: 6 },
        { id: randomUUID(), kind: 'item', refId: null, name: 'Wiper blade', quantity: 2.5, unitPrice: 200, warrantyMonths: 0 },
      ],
      taxRatePercent: 8,
      pricesIncludeTax: true,
      total: 11500,
      payment: { id: randomUUID(), method: 'Cash', tendered: 5000 },
    });

    // A guest sale, paid in full: 2 × 1,250.00 = 2,500.00 plus 10 % tax on top = 2,750.00.
    guestSale = { invoiceId: randomUUID(), invoiceNo: `INV-${code}-00002`, jobId: '', jobNumber: '' };
    await pushSale(request, token, {
      id: guestSale.invoiceId,
      invoiceNo: guestSale.invoiceNo,
      date,
      customerId: null,
      guest: true,
      customerName: 'Walk-in Guest',
      customerPhone: '0719876543',
      lines: [{ id: randomUUID(), kind: 'item', refId: null, name: 'Engine oil 1L', quantity: 2, unitPrice: 1250, warrantyMonths: 0 }],
      taxRatePercent: 10,
      pricesIncludeTax: false,
      total: 2750,
      payment: { id: randomUUID(), method: 'Card', tendered: 2750 },
    });

    await loginAs(page, admin);
    await waitForSynced(page);
    const route = new PrintRoute(page, dir);

    // The invoice: A4, one page, no app shell, the print button only on screen.
    await route.open(jobSale.invoiceId, 'invoice');
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: `${companyName} logo` })).toBeVisible();
    await expectNoAccessibilityViolations(page, 'the invoice page');
    await snap(page, testInfo, 'printing-invoice-route');
    const invoice = await route.pdf('invoice-job-sale');
    expect(invoice.pages).toHaveLength(1);
    expectSize(invoice.pages[0], 595.28, 841.89);
    const text = invoice.text;
    expect(text).toContain('Auto repair Invoice');
    expect(text).toContain(companyName);
    expect(text).toContain(jobSale.invoiceNo);
    for (const words of ['Bill To', `Nimal Perera ${run}`, '0771234567', '5 Lake Road, Kandy', 'Invoice Date', 'Due Date']) expect(text).toContain(words);
    for (const words of [plate, 'Toyota Axio', '84,500 km']) expect(text).toContain(words);
    expect(text).toMatch(/Battery 12V 60Ah\s+1\s+Rs\. 10,000\.00\s+5%\s+Rs\. 9,500\.00/);
    expect(text).toMatch(/Wiper blade\s+2\.5\s+Rs\. 200\.00\s+0%\s+Rs\. 500\.00/);
    expect(text).toMatch(/Subtotal\s+Rs\. 11,500\.00/);
    expect(text).toMatch(/Sales Tax \(8% incl\.\)\s+Rs\. 851\.85/);
    expect(text).toMatch(/Total\s+Rs\. 11,500\.00/);
    expect(text).toMatch(/Paid\s+Rs\. 5,000\.00/);
    expect(text).toMatch(/Due\s+Rs\. 6,500\.00/);
    expect(text).toContain('Payment is due in 14 days');
    expect(text).toContain(`payable to ${companyName}`);
    expect(text).toContain('Thank you for your business!');
    // Nothing of the app: no menu, no toolbar.
    expect(text).not.toContain('Dashboard');
    expect(text).not.toContain('Print');
    // Its number as a barcode a counter scanner reads (issue 26: the Returns screen finds it by a scan).
    expect(readBarcodeFromPdf(invoice.file)).toBe(jobSale.invoiceNo);

    // The receipt with a balance: 5.5 in square, no PAID stamp.
    await route.open(jobSale.invoiceId, 'receipt');
    const owing = await route.pdf('receipt-with-balance');
    expect(owing.pages).toHaveLength(1);
    expectSize(owing.pages[0], 396, 396);
    expect(owing.text).toContain('Payment Receipt');
    expect(owing.text).toContain(companyName);
    expect(owing.text).toContain(jobSale.invoiceNo);
    expect(owing.text).toMatch(/Total\s+Rs\. 11,500\.00/);
    expect(owing.text).toMatch(/Paid\s+Rs\. 5,000\.00/);
    expect(owing.text).toMatch(/Balance\s+Rs\. 6,500\.00/);
    expect(owing.text).toContain('Thank you for your payment.');
    expect(owing.text).not.toContain('PAID');
    expect(owing.text).not.toContain('Payment History');

    // The guest's receipt, paid in full: the stamp.
    await route.open(guestSale.invoiceId, 'receipt');
    const paid = await route.pdf('receipt-paid');
    expect(paid.pages).toHaveLength(1);
    expectSize(paid.pages[0], 396, 396);
    expect(paid.text).toContain('Walk-in Guest');
    expect(paid.text).toMatch(/Total\s+Rs\. 2,750\.00/);
    expect(paid.text).toMatch(/Balance\s+Rs\. 0\.00/);
    expect(paid.text).toContain('PAID');
    expect(paid.text).toContain('Thank you for your payment.');
    await expectNoAccessibilityViolations(page, 'the receipt page');

    // The guest's invoice: no vehicle, tax added on top.
    await route.open(guestSale.invoiceId, 'invoice');
    const guestInvoice = await route.pdf('invoice-guest');
    expect(guestInvoice.pages).toHaveLength(1);
    expect(guestInvoice.text).toMatch(/Sales Tax \(10%\)\s+Rs\. 250\.00/);
    expect(guestInvoice.text).toMatch(/Due\s+Rs\. 0\.00/);
    expect(guestInvoice.text).not.toContain('Vehicle Reg');

    // The warranty certificate: A4, the battery only (the service and the 0-month wiper are not listed).
    await route.open(jobSale.invoiceId, 'warranty');
    const warranty = await route.pdf('warranty');
    expect(warranty.pages).toHaveLength(1);
    expectSize(warranty.pages[0], 595.28, 841.89);
    expect(warranty.text).toContain('Warranty Certificate');
    expect(warranty.text).toMatch(/Battery 12V 60Ah\s+1\s+12 months\s+\d{2}\/\d{2}\/\d{4}/);
    expect(warranty.text).not.toContain('Battery fitting');
    expect(warranty.text).not.toContain('Wiper blade');
    expect(warranty.text).toContain('manufacturing defects only');
    expect(warranty.text).toContain('Physical damage, misuse and normal wear are excluded.');
    expect(warranty.text).toContain('Keep this certificate and the invoice');

    // A guest sale without warranty items says so and prints nothing.
    await page.goto(`/print/invoices/${guestSale.invoiceId}?doc=warranty`);
    await expect(page.getByText('No items with warranty on this invoice.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeDisabled();

    // Invoice and receipt shown together: two pages, each of its own size (Print sends a job each).
    await route.open(jobSale.invoiceId, 'invoice,receipt');
    const both = await route.pdf('invoice-and-receipt');
    expect(both.pages).toHaveLength(2);
    expectSize(both.pages[0], 595.28, 841.89);
    expectSize(both.pages[1], 396, 396);
  });

  test('the 80 mm thermal receipt, chosen in Company Detail', async ({ page }, testInfo) => {
    const dir = join(testInfo.project.outputDir, 'printing');
    await loginAs(page, admin);
    // Opened at once: the company row may land after the form (a first sync). Saving before it has
    // landed would send an empty name (refused by the form), so wait for the record to show.
    await page.goto('/settings/company');
    await expect(page.getByLabel('Company Name', { exact: true })).not.toHaveValue('');
    const printer = page.getByLabel('Receipt printer', { exact: true });
    await expect(printer).toHaveValue('square');
    await expect(printer.locator('option')).toHaveText(['Receipt 5.5 × 5.5 in', 'Thermal 80 mm']);
    await printer.selectOption({ label: 'Thermal 80 mm' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastWith(page, 'Company details saved.')).toBeVisible();
    await waitForSynced(page);

    const route = new PrintRoute(page, dir);
    for (const [sale, name] of [
      [guestSale, 'thermal-receipt-paid'],
      [jobSale, 'thermal-receipt-with-balance'],
    ] as const) {
      await route.open(sale.invoiceId, 'receipt');
      const receiptHeightPt = (await page.locator('.print-root .print-receipt').evaluate((el) => el.getBoundingClientRect().height)) * 0.75;
      const receipt = await route.pdf(name);
      expect(receipt.pages, name).toHaveLength(1);
      // 80 mm wide, and as long as the receipt itself (plus at most 3 mm), not a fixed sheet.
      expect(Math.abs(receipt.pages[0]!.width - 80 * mmToPt)).toBeLessThan(1);
      expect(receipt.pages[0]!.height).toBeGreaterThanOrEqual(receiptHeightPt);
      expect(receipt.pages[0]!.height).toBeLessThanOrEqual(receiptHeightPt + 3 * mmToPt);
      expect(receipt.text).toContain('Payment Receipt');
      expect(receipt.text).toContain('Thank you for your payment.');
      if (sale === guestSale) expect(receipt.text).toContain('PAID');
      else expect(receipt.text).not.toContain('PAID');
    }

    await page.goto('/settings/company');
    await page.getByLabel('Receipt printer', { exact: true }).selectOption('square');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toastWith(page, 'Company details saved.')).toBeVisible();
    await waitForSynced(page);
  });

  test('Finished Jobs prints the warranty certificate through the print API; the job page links to the reprint', async ({ page, request }, testInfo) => {
    const dir = join(testInfo.project.outputDir, 'printing');
    // A second job whose invoice has only a service (with months) and a part without warranty.
    const plate = `SRV-${run.toUpperCase()}`;
    const job = await finishedJob(request, token, plate);
    const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId });
    serviceOnlySale = { invoiceId: randomUUID(), invoiceNo: `INV-${code}-00003`, jobId: job.jobId, jobNumber: job.jobNumber };
    await pushSale(request, token, {
      id: serviceOnlySale.invoiceId,
      invoiceNo: serviceOnlySale.invoiceNo,
      date: new Date().toISOString(),
      customerId: job.customerId,
      jobCardId: job.jobId,
      lines: [
        { id: randomUUID(), kind: 'service', refId: null, name: 'Wheel alignment', quantity: 1, unitPrice: 3000, warrantyMonths: 6 },
        { id: randomUUID(), kind: 'item', refId: null, name: 'Valve cap', quantity: 4, unitPrice: 50, warrantyMonths: 0 },
      ],
      taxRatePercent: 0,
      pricesIncludeTax: true,
      total: 3200,
      payment: { id: randomUUID(), method: 'Cash', tendered: 3200 },
    });

    await loginAs(page, admin);
    await waitForSynced(page);
    await page.goto('/transaction/job-card?tab=finished');
    await expect(page.getByRole('heading', { level: 1, name: 'Job Card' })).toBeVisible();
    await stubPrintDialog(page);

    // No part under warranty on the second job's invoice: the message, and no print.
    await page.getByRole('button', { name: `Warranty ${serviceOnlySale.jobNumber}` }).click();
    await expect(toastWith(page, 'No items with warranty on this invoice.')).toBeVisible();
    expect(await printCalls(page)).toEqual([]);

    // The first job's: the certificate alone, printed 100 ms or more after it was drawn.
    await page.getByRole('button', { name: `Warranty ${jobSale.jobNumber}` }).click();
    await expect.poll(async () => (await printCalls(page)).length).toBe(1);
    const [call] = await printCalls(page);
    expect(call).toMatchObject({ docs: ['Warranty Certificate'], printing: true });
    const rootAddedAt = (await page.evaluate(() => (window as unknown as PrintWatch).rootAddedAt))!;
    expect(call!.at - rootAddedAt).toBeGreaterThanOrEqual(95);
    // A browser that never says 'afterprint' (headless Chromium) still gets its page back.
    await expect(page.locator('.print-root:not(.print-root-capture)')).toHaveCount(0);
    // What the dialog was given prints as the certificate alone, on one A4 page.
    const route = new PrintRoute(page, dir);
    const warranty = await route.pdf('warranty-from-finished-jobs');
    expect(warranty.pages).toHaveLength(1);
    expectSize(warranty.pages[0], 595.28, 841.89);
    expect(warranty.text).toContain('Warranty Certificate');
    expect(warranty.text).toContain('Battery 12V 60Ah');
    expect(warranty.text).not.toContain('Finished Jobs');
    await page.evaluate(() => document.querySelector('.print-root-capture')?.remove());

    // Printed again, and the dialog closes ('afterprint'): at once the print root goes, the page is the app again.
    await page.evaluate(() => ((window as unknown as PrintWatch).keepCopy = false));
    await page.getByRole('button', { name: `Warranty ${jobSale.jobNumber}` }).click();
    await expect.poll(async () => (await printCalls(page)).length).toBe(2);
    await expect.poll(() => page.evaluate(() => (window as unknown as PrintWatch).clearedOnAfterprint)).toBe(true);
    await expect(page.locator('.print-root')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/printing-sale-documents/);
    await expect(page.getByRole('heading', { level: 1, name: 'Job Card' })).toBeVisible();

    // The job's page links its invoice number to the reprint, which works offline from the device.
    await waitForServiceWorkerControl(page);
    await page.goto(`/job-cards/${jobSale.jobId}`);
    const link = page.getByRole('link', { name: `Invoice #${jobSale.invoiceNo}: open to print` });
    await expect(link).toHaveText(`#${jobSale.invoiceNo}`);
    await expectNoAccessibilityViolations(page, 'the job page with its invoice');
    await page.context().setOffline(true);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/print/invoices/${jobSale.invoiceId}\\?doc=invoice$`));
    await route.shown(1);
    await expect(page.locator('.print-root-preview')).toContainText('Auto repair Invoice');
    await page.getByRole('link', { name: 'Receipt', exact: true }).click();
    await expect(page.locator('.print-root-preview')).toContainText('Payment Receipt');
    await page.context().setOffline(false);

    // A job whose invoice this device does not hold (here: removed from its copy) cannot print one.
    await page.goto('/transaction/job-card?tab=finished');
    await page.evaluate(async (invoiceId) => {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('garage');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = idb.transaction('invoices', 'readwrite');
        tx.objectStore('invoices').delete(invoiceId);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      idb.close();
    }, jobSale.invoiceId);
    await stubPrintDialog(page);
    await page.getByRole('button', { name: `Warranty ${jobSale.jobNumber}` }).click();
    await expect(toastWith(page, 'Failed to load invoice for warranty.')).toBeVisible();
    expect(await printCalls(page)).toEqual([]);
  });
});
