import type { Page } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api, OtherRegister } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { expectNoAccessibilityViolations } from './support/shell-checks';
import { customerBody } from '../../tests/factories';

// Payment receipts on paper (spec 2.17, 3 'Bulk receipt'): three sales to one customer, a second
// payment on the first, and a bulk payment over all three are made on the server (as another device
// would); this browser syncs them and prints each receipt from its own copy, to PDF with Chromium,
// read back with poppler (text, one page each, the page size). PNGs of page 1 land beside the PDFs.

const run = Date.now().toString(36).slice(-5);
const clientId = `receipts-e2e-${run}`;
const mmToPt = 72 / 25.4;
const squarePt = 5.5 * 72;

interface PdfPage {
  width: number;
  height: number;
}

const register = new OtherRegister(clientId);

/** The device's local day, n days from today: 'YYYY-MM-DD' and as printed (dd/MM/yyyy). */
function day(offsetDays: number): { input: string; printed: string; iso: string } {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  date.setHours(12, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [y, m, d] = [date.getFullYear(), pad(date.getMonth() + 1), pad(date.getDate())];
  return { input: `${y}-${m}-${d}`, printed: `${d}/${m}/${y}`, iso: date.toISOString() };
}

function pdfPages(file: string): PdfPage[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100', file], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
}

/** pdftotext in drawing order (the rotated PAID stamp stays one word), spaces collapsed. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
}

const expectSize = (page: PdfPage | undefined, width: number, height: number) => {
  expect(page, 'a page').toBeDefined();
  expect(Math.abs(page!.width - width), `width ${page!.width} ≈ ${width}`).toBeLessThan(1);
  expect(Math.abs(page!.height - height), `height ${page!.height} ≈ ${height}`).toBeLessThan(1);
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

class Printer {
  constructor(
    readonly page: Page,
    readonly dir: string,
  ) {}

  /** Opens a reprint route and waits for its one document (it appears once this device has the rows). */
  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.locator('.print-root-preview .print-doc')).toHaveCount(1, { timeout: 20_000 });
  }

  /** Chromium's PDF of the page as it prints (the CSS page sizes), and a PNG of page 1 at 60 dpi. */
  async pdf(name: string): Promise<{ pages: PdfPage[]; text: string }> {
    const file = join(this.dir, `${name}.pdf`);
    await this.page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(this.dir, name)]);
    return { pages: pdfPages(file), text: pdfText(file) };
  }
}

type PrintWatch = { printCalls: { at: number; docs: string[] }[]; rootAddedAt: number | null };

/**
 * window.print is the browser's dialog, which prints a copy of the page taken when it is called: the
 * stub records when it was called, what the print root held and when the root appeared, and keeps a
 * copy of the root (class print-root-capture) to make the PDF of after the app has cleared its own.
 */
async function stubPrintDialog(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as PrintWatch;
    w.printCalls = [];
    w.rootAddedAt = null;
    new MutationObserver(() => {
      if (w.rootAddedAt === null && document.querySelector('.print-root-job')) w.rootAddedAt = performance.now();
    }).observe(document.body, { childList: true });
    window.print = () => {
      const root = document.querySelector('.print-root-job:not(.print-root-capture)');
      const copy = root?.cloneNode(true) as HTMLElement | undefined;
      copy?.classList.add('print-root-capture');
      if (copy) document.body.append(copy);
      w.printCalls.push({ at: performance.now(), docs: [...(root?.querySelectorAll('.print-doc') ?? [])].map((doc) => doc.getAttribute('aria-label') ?? '') });
    };
  });
}

/**
 * The built module of the print API and its stylesheet, as the app loads them lazily (Vite's import
 * of a chunk brings its CSS; a bare import() of the file, as here, does not).
 */
function printModule(): { moduleUrl: string; styleUrls: string[] } {
  const files = readdirSync(join(process.cwd(), 'dist/client/assets'));
  const file = files.find((name) => /^print-documents-[\w-]+\.js$/.test(name));
  expect(file, 'the print-documents chunk in dist/client/assets').toBeDefined();
  // print.css lands in whichever chunk Rollup groups it with (its name follows the chunk, not the
  // file): found by its own rule, the print root's.
  const styles = files.filter((name) => name.endsWith('.css') && readFileSync(join(process.cwd(), 'dist/client/assets', name), 'utf8').includes('.print-root'));
  expect(styles.length, 'print.css in dist/client/assets').toBeGreaterThan(0);
  return { moduleUrl: `/assets/${file}`, styleUrls: styles.map((name) => `/assets/${name}`) };
}

/** Loads the print API in the page (its stylesheet first) and calls one of its functions; resolves with its error message or 'printed'. */
async function callPrintApi(page: Page, call: 'printBulkReceipt' | 'printPaymentReceipt', id: string): Promise<string> {
  return page.evaluate(
    async ({ moduleUrl, styleUrls, call, id }) => {
      for (const href of styleUrls) {
        if (document.querySelector(`link[href="${href}"]`)) continue;
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        await new Promise((resolve, reject) => {
          link.onload = resolve;
          link.onerror = reject;
          document.head.append(link);
        });
      }
      const api = (await import(moduleUrl)) as Record<string, (id: string) => Promise<void>>;
      return api[call]!(id).then(
        () => 'printed',
        (error: Error) => error.message,
      );
    },
    { ...printModule(), call, id },
  );
}

test.describe('payment receipts', () => {
  test.describe.configure({ mode: 'serial' });
  let token: string;
  let companyName: string;
  let customerId: string;
  const customerName = `Kamal Silva ${run}`;
  const bulkId = randomUUID();
  const bulkNote = `Cheque 004512 ${run}`;
  const sales = [
    { id: randomUUID(), invoiceNo: '', date: day(-10), total: 5000, paid: 1000, method: 'Cash', item: 'Brake pads' },
    { id: randomUUID(), invoiceNo: '', date: day(-6), total: 3000, paid: 0, method: 'Cash', item: 'Radiator hose' },
    { id: randomUUID(), invoiceNo: '', date: day(-2), total: 2000, paid: 500, method: 'Card', item: 'Air filter' },
  ];
  const [first, second, third] = sales as [(typeof sales)[0], (typeof sales)[0], (typeof sales)[0]];

  test('the receipt of a second payment, then of the bulk payment and of each invoice it paid', async ({ page, request }, testInfo) => {
    const dir = join(testInfo.project.outputDir, 'receipts');
    mkdirSync(dir, { recursive: true });
    token = await adminToken(request);
    companyName = `Perera Motors ${run}`;
    await api(request, token, 'put', '/api/company', {
      name: companyName,
      address: '44 Kandy Road, Kadawatha',
      phone: '0112223344',
      email: 'office@pereramotors.test',
      footer: 'Drive safe!',
      receiptLayout: 'square',
    });

    // One customer, three sales on three days (oldest first), two of them part paid, one not at all.
    const body = customerBody(customerName, '0775551234', `RCP-${run.toUpperCase()}`, { address: '18 Temple Road, Matara' });
    const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', body);
    customerId = customer._id;
    const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId });
    for (const [index, sale] of sales.entries()) {
      sale.invoiceNo = `INV-${code}-${String(index + 1).padStart(5, '0')}`;
      await register.push(request, token, 'checkoutSale', {
        id: sale.id,
        invoiceNo: sale.invoiceNo,
        date: sale.date.iso,
        customerId,
        lines: [{ id: randomUUID(), kind: 'item', refId: null, name: sale.item, quantity: 1, unitPrice: sale.total, warrantyMonths: 0 }],
        taxRatePercent: 0,
        pricesIncludeTax: true,
        total: sale.total,
        payment: { id: randomUUID(), method: sale.method, tendered: sale.paid },
      });
    }
    // A second payment on the first invoice, dated yesterday: 1,000.00 + 1,500.00 of 5,000.00.
    const yesterday = day(-1);
    await register.push(request, token, 'recordPayment', { id: randomUUID(), invoiceId: first.id, date: yesterday.input, method: 'Bank Transfer', amount: 1500, note: '' });

    await loginAs(page, admin);
    await waitForSynced(page);
    const printer = new Printer(page, dir);

    // The first invoice's receipt: both payments in the history, a balance, so no stamp.
    await printer.open(`/print/invoices/${first.id}?doc=receipt`);
    await expectNoAccessibilityViolations(page, 'the receipt with a payment history');
    const partly = await printer.pdf('receipt-second-payment');
    expect(partly.pages).toHaveLength(1);
    expectSize(partly.pages[0], squarePt, squarePt);
    expect(partly.text).toContain('Payment Receipt');
    expect(partly.text).toContain(companyName);
    expect(partly.text).toContain(first.invoiceNo);
    expect(partly.text).toMatch(new RegExp(`Date ${escape(yesterday.printed)}`));
    expect(partly.text).toMatch(/Total Rs\. 5,000\.00\s+Paid Rs\. 2,500\.00\s+Balance Rs\. 2,500\.00/);
    expect(partly.text).toMatch(
      new RegExp(`Payment History\\s+Date Method Amount\\s+${escape(first.date.printed)} Cash Rs\\. 1,000\\.00\\s+${escape(yesterday.printed)} Bank Transfer Rs\\. 1,500\\.00`),
    );
    expect(partly.text).toContain('Thank you for your payment.');
    expect(partly.text).not.toContain('PAID');

    // A bulk payment of 6,000.00 by cheque, oldest first: 2,500.00, 3,000.00 and 500.00 of the third's 1,500.00.
    const today = day(0);
    await register.push(request, token, 'recordBulkPayment', {
      id: bulkId,
      customerId,
      date: today.input,
      method: 'Cheque',
      amount: 6000,
      note: bulkNote,
      allocations: [
        { paymentId: randomUUID(), invoiceId: first.id, amount: 2500 },
        { paymentId: randomUUID(), invoiceId: second.id, amount: 3000 },
        { paymentId: randomUUID(), invoiceId: third.id, amount: 500 },
      ],
    });

    // The bulk receipt's reprint route: it appears once the server's poke has brought the payments here.
    const before = Date.now();
    await printer.open(`/print/bulk-receipts/${bulkId}`);
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeEnabled();
    await expectNoAccessibilityViolations(page, 'the bulk receipt page');
    const bulk = await printer.pdf('bulk-receipt');
    expect(bulk.pages).toHaveLength(1);
    expectSize(bulk.pages[0], squarePt, squarePt);
    for (const words of ['Bulk Payment Receipt', companyName, customerName, '0775551234', '18 Temple Road, Matara', 'Thank you for your payment.'])
      expect(bulk.text).toContain(words);
    expect(bulk.text).toContain(`Payment Date ${today.printed}`);
    expect(bulk.text).toContain('Method Cheque');
    expect(bulk.text).toContain('Reference Allocations: 3');
    expect(bulk.text).toContain(`Note ${bulkNote}`);
    expect(bulk.text).toMatch(/Amount Applied Rs\. 6,000\.00/);
    expect(bulk.text).toMatch(
      new RegExp(`Applied To\\s+Invoice No Amount\\s+${first.invoiceNo} Rs\\. 2,500\\.00\\s+${second.invoiceNo} Rs\\. 3,000\\.00\\s+${third.invoiceNo} Rs\\. 500\\.00`),
    );
    const generated = bulk.text.match(/Generated (\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2}) (AM|PM)/);
    expect(generated, 'Generated dd/MM/yyyy h:mm AM').not.toBeNull();
    expect(`${generated![1]}/${generated![2]}/${generated![3]}`).toBe(day(0).printed);
    expect(Date.now() - before).toBeLessThan(60_000);
    // Nothing of the app.
    expect(bulk.text).not.toContain('Dashboard');
    expect(bulk.text).not.toContain('Print');

    // The first invoice, now paid in full: the history of all three payments (the bulk note in a Note column) and the stamp.
    await printer.open(`/print/invoices/${first.id}?doc=receipt`);
    const paid = await printer.pdf('receipt-paid-in-full');
    expect(paid.pages).toHaveLength(1);
    expectSize(paid.pages[0], squarePt, squarePt);
    expect(paid.text).toMatch(/Total Rs\. 5,000\.00\s+Paid Rs\. 5,000\.00\s+Balance Rs\. 0\.00/);
    expect(paid.text).toMatch(
      new RegExp(
        `Payment History\\s+Date Method Amount Note\\s+${escape(first.date.printed)} Cash Rs\\. 1,000\\.00\\s+${escape(yesterday.printed)} Bank Transfer Rs\\. 1,500\\.00\\s+${escape(today.printed)} Cheque Rs\\. 2,500\\.00 ${escape(bulkNote)}`,
      ),
    );
    expect(paid.text).toMatch(new RegExp(`Date ${escape(today.printed)}`));
    expect(paid.text).toContain('PAID');
    expect(paid.text).toContain('Thank you for your payment.');

    // The second: one payment (the bulk's), paid: the stamp, no history, its method.
    await printer.open(`/print/invoices/${second.id}?doc=receipt`);
    const single = await printer.pdf('receipt-one-bulk-payment');
    expect(single.pages).toHaveLength(1);
    expect(single.text).toMatch(/Balance Rs\. 0\.00/);
    expect(single.text).toContain('Method Cheque');
    expect(single.text).toContain('PAID');
    expect(single.text).not.toContain('Payment History');

    // The third: 500.00 + 500.00 of 2,000.00: a history, still owing, no stamp.
    await printer.open(`/print/invoices/${third.id}?doc=receipt`);
    const owing = await printer.pdf('receipt-still-owing');
    expect(owing.pages).toHaveLength(1);
    expect(owing.text).toMatch(/Balance Rs\. 1,000\.00/);
    expect(owing.text).toMatch(new RegExp(`${escape(third.date.printed)} Card Rs\\. 500\\.00\\s+${escape(today.printed)} Cheque Rs\\. 500\\.00`));
    expect(owing.text).not.toContain('PAID');
  });

  test('printPaymentReceipt and printBulkReceipt print offline, alone, after 100 and 120 ms, and clear the receipt', async ({ page }, testInfo) => {
    const dir = join(testInfo.project.outputDir, 'receipts');
    const { moduleUrl } = printModule();
    await loginAs(page, admin);
    await waitForSynced(page);
    await waitForServiceWorkerControl(page);

    // The print code is not in the entry bundle: neither the entry script nor what it preloads names a receipt.
    const html = await (await page.request.get('/')).text();
    const entry = [...html.matchAll(/<(?:script[^>]*src|link[^>]*modulepreload[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(entry.length).toBeGreaterThan(0);
    for (const url of entry) {
      const code = await (await page.request.get(url)).text();
      expect(code, url).not.toContain('Bulk Payment Receipt');
      expect(code, url).not.toContain('Thank you for your payment.');
    }
    expect(entry).not.toContain(moduleUrl);

    // Offline from here: the device's own rows, the module from the service worker's cache.
    await page.context().setOffline(true);
    await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
    const printer = new Printer(page, dir);

    const cases = [
      { name: 'print-api-bulk-receipt', call: 'printBulkReceipt', id: bulkId, doc: 'Bulk Payment Receipt', delayMs: 120 },
      { name: 'print-api-payment-receipt', call: 'printPaymentReceipt', id: first.id, doc: 'Payment Receipt', delayMs: 100 },
    ] as const;
    for (const { name, call, id, doc, delayMs } of cases) {
      await stubPrintDialog(page);
      expect(await callPrintApi(page, call, id)).toBe('printed');
      const watch = await page.evaluate(() => {
        const w = window as unknown as PrintWatch;
        return { calls: w.printCalls, rootAddedAt: w.rootAddedAt };
      });
      expect(
        watch.calls.map((c) => c.docs),
        call,
      ).toEqual([[doc]]);
      expect(watch.calls[0]!.at - watch.rootAddedAt!, `${call}: ms from drawn to print()`).toBeGreaterThanOrEqual(delayMs - 5);
      // Resolved with the receipt cleared: only the stub's copy is left.
      await expect(page.locator('.print-root:not(.print-root-capture)')).toHaveCount(0);
      const printed = await printer.pdf(name);
      expect(printed.pages, name).toHaveLength(1);
      expectSize(printed.pages[0], squarePt, squarePt);
      expect(printed.text).toContain(doc);
      expect(printed.text).not.toContain('Dashboard');
      if (call === 'printBulkReceipt') {
        expect(printed.text).toContain('Reference Allocations: 3');
        expect(printed.text).toMatch(/Amount Applied Rs\. 6,000\.00/);
      } else {
        expect(printed.text).toContain('PAID');
        expect(printed.text).toContain('Payment History');
      }
      await page.evaluate(() => document.querySelectorAll('.print-root-capture').forEach((copy) => copy.remove()));
    }

    // A bulk payment this device does not hold: rejected, nothing printed.
    await stubPrintDialog(page);
    const refused = await callPrintApi(page, 'printBulkReceipt', 'no-such-bulk');
    expect(refused).toBe('This bulk payment is not on this device yet. Sync, then try again.');
    expect(await page.evaluate(() => (window as unknown as PrintWatch).printCalls)).toEqual([]);

    // The reprint route offline too.
    await page.goto(`/print/bulk-receipts/${bulkId}`);
    await expect(page.locator('.print-root-preview .print-doc')).toHaveCount(1, { timeout: 20_000 });
    await expect(page.locator('.print-root-preview')).toContainText('Allocations: 3');
    await page.context().setOffline(false);
  });

  test('the bulk receipt on the 80 mm thermal printer is 80 mm wide and as long as the receipt', async ({ page, request }, testInfo) => {
    const dir = join(testInfo.project.outputDir, 'receipts');
    const { company } = await api<{ company: Record<string, unknown> }>(request, token, 'get', '/api/company');
    const { name, address, phone, email, footer } = company;
    await api(request, token, 'put', '/api/company', { name, address, phone, email, footer, receiptLayout: 'thermal80' });

    await loginAs(page, admin);
    await waitForSynced(page);
    const printer = new Printer(page, dir);
    await printer.open(`/print/bulk-receipts/${bulkId}`);
    await expect(page.locator('.print-root-preview .receipt-thermal80')).toHaveCount(1, { timeout: 20_000 });
    const receiptHeightPt = (await page.locator('.print-root .print-bulk-receipt').evaluate((el) => el.getBoundingClientRect().height)) * 0.75;
    const thermal = await printer.pdf('bulk-receipt-thermal');
    expect(thermal.pages).toHaveLength(1);
    expect(Math.abs(thermal.pages[0]!.width - 80 * mmToPt)).toBeLessThan(1);
    expect(thermal.pages[0]!.height).toBeGreaterThanOrEqual(receiptHeightPt);
    expect(thermal.pages[0]!.height).toBeLessThanOrEqual(receiptHeightPt + 3 * mmToPt);
    expect(thermal.text).toContain('Reference Allocations: 3');
    expect(thermal.text).toMatch(/Amount Applied Rs\. 6,000\.00/);
    expect(thermal.text).toContain(first.invoiceNo);
  });
});
