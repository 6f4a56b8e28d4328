// The Sales Register and the Due List at a big shop's scale (issues 8 and 9), timed inside the page
// (scripts/bench/sales-harness.ts: a keydown, an input event or a click, then a MutationObserver
// until the cart, the due list or the allocation preview shows the result; window.print stubbed to
// note when it is called). Runs in runBrowserBench's page, after the device's first sync holds
// every invoice.
import type { Page } from 'playwright';
import type { SalesTiming } from './sales-harness';

/** The issues' goals, in ms. */
export const salesTargets = { scan: 30, print: 300, dueFilter: 100, duePage: 100, bulkPreview: 50 } as const;
export type SalesGroup = keyof typeof salesTargets;

export interface SalesSample extends SalesTiming {
  group: SalesGroup;
  action: string;
  /** The first time after the page loaded (code and indexes maybe still loading): reported apart, not in the medians. */
  first?: boolean;
  /** A scan: from the keydown event's own timeStamp (the event's creation), not the listener's time. */
  fromEventMs?: number;
  /** Confirm Payment: the modal gone, the cart emptied, the documents drawn (ms from the click). */
  modalClosedMs?: number;
  cartEmptiedMs?: number;
  drawnMs?: number;
}

export interface SalesScreensReport {
  samples: SalesSample[];
  /** Navigation → the due list's first rows (a reload), ms. */
  dueFirstRowsMs: number | null;
  dueCaption: string;
  /** What the bulk preview showed for the fleet customer (its open invoices). */
  bulkRows: number;
}

export interface SalesScreenOptions {
  baseUrl: string;
  log: (line: string) => void;
  /** Barcodes of items with stock to scan (8 new ones a run). */
  scanBarcodes: string[];
  /** Unpaid invoices' numbers, days (YYYY-MM-DD) with unpaid invoices. */
  unpaidNumbers: string[];
  unpaidDays: string[];
  /** The customer with 200 open invoices, and one with a few. */
  bulkCustomer: { id: string; name: string; openInvoices: number; dueCents: number };
  smallCustomer: { id: string; name: string } | null;
  /** Timed runs of each action; median and max over them. */
  runs: number;
}

const json = (value: unknown) => JSON.stringify(value);
const call = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;

type Watch = { changed: string; caption?: string };
const dueRows: Watch = { changed: 'table.due-table tbody', caption: 'nav.pager .pager-caption' };
const allocationRows: Watch = { changed: 'table.allocation-table tbody' };
const pickerList: Watch = { changed: '.customer-filter .picker-list' };

export async function measureSalesScreens(page: Page, options: SalesScreenOptions): Promise<SalesScreensReport> {
  const samples: SalesSample[] = [];
  const { log, runs } = options;
  const record = (group: SalesGroup, action: string, timing: SalesTiming & Partial<SalesSample>, first = false) => {
    samples.push({ ...timing, group, action, ...(first ? { first } : {}) });
    const figure =
      timing.status === 'changed'
        ? `${timing.ms.toFixed(1)} ms (frame ${timing.frameMs.toFixed(1)} ms${timing.longTaskMs ? `, long tasks ${timing.longTaskMs.toFixed(0)} ms` : ''})`
        : timing.status;
    log(`    ${group}${first ? ' (first)' : ''} ${action}: ${figure}${timing.after ? `  [${timing.after}]` : ''}`);
  };
  const typeInto = (selector: string, value: string, watch: Watch, timeout = 5000) =>
    call<SalesTiming>(page, `window.__garageSalesBench.typeInto(${json(selector)}, ${json(value)}, ${json(watch)}, ${timeout})`);
  const clickOn = (selector: string, text: string | null, watch: Watch, timeout = 5000) =>
    call<SalesTiming>(page, `window.__garageSalesBench.clickOn(${json(selector)}, ${json(text)}, ${json(watch)}, ${timeout})`);
  const untimed = async (timing: Promise<SalesTiming>, what: string) => {
    const result = await timing;
    if (result.status !== 'changed') log(`    (${what}: ${result.status})`);
  };
  page.on('dialog', (dialog) => void dialog.accept());

  // 1. The register: scans (real key events 8 ms apart, then Enter), then a guest sale by Payment.
  await page.goto(`${options.baseUrl}/transaction/sales-register`);
  const scanBox = page.getByRole('combobox', { name: 'Barcode or item name', exact: true });
  await scanBox.waitFor({ timeout: 20_000 });
  await page.locator('table.cart-table').waitFor();
  if ((await page.locator('table.cart-table tbody').textContent())?.includes('No items added yet') === false) {
    await page.getByRole('button', { name: 'Cancel', exact: true }).click(); // a cart left by an earlier run: emptied (confirm accepted)
  }
  // The app warms its in-memory indexes from 3 s after it starts (warm-search-indexes.ts).
  await page.waitForTimeout(8000);
  await call(page, 'window.__garageSalesBench.stubPrint()');
  const scanOne = async (code: string, action: string, first: boolean) => {
    await call(page, 'window.__garageSalesBench.armScan()');
    await scanBox.pressSequentially(code, { delay: 8 });
    await scanBox.press('Enter');
    const timing = await call<SalesTiming & { fromEventMs: number }>(page, 'window.__garageSalesBench.scanResult(3000)');
    record('scan', action, timing, first);
  };
  const perRun = 8;
  for (let run = 0; run < runs; run++) {
    const codes = options.scanBarcodes.slice(run * perRun, run * perRun + perRun);
    if (codes.length === 0) break;
    for (const [i, code] of codes.entries()) await scanOne(code, 'scan a new item → its line', run === 0 && i === 0);
    for (const code of [codes[0]!, codes[2] ?? codes[0]!, codes[4] ?? codes[0]!]) await scanOne(code, 'scan an item again → its Qty', false);

    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Customer', exact: true }).selectOption('guest');
    const printed = await call<{ status: string; ms: number; modalClosedMs: number; cartEmptiedMs: number; drawnMs: number; longTaskMs: number }>(
      page,
      'window.__garageSalesBench.timeConfirm(10000)',
    );
    const timing: SalesTiming & Partial<SalesSample> = {
      status: printed.status === 'printed' ? 'changed' : printed.status === 'missing' ? 'missing' : 'unchanged',
      ms: printed.ms,
      frameMs: NaN,
      longTaskMs: printed.longTaskMs,
      after: `modal closed ${printed.modalClosedMs.toFixed(0)} ms, cart emptied ${printed.cartEmptiedMs.toFixed(0)} ms, drawn ${printed.drawnMs.toFixed(0)} ms`,
      modalClosedMs: printed.modalClosedMs,
      cartEmptiedMs: printed.cartEmptiedMs,
      drawnMs: printed.drawnMs,
    };
    record('print', `Confirm Payment (guest, ${codes.length} lines) → window.print()`, timing, run === 0);
    // The print job clears itself (a second after print() where no 'afterprint' comes); then the next customer.
    // Functions, not string expressions: a string is evaluated on every poll, which the app's CSP refuses (browser.ts).
    await page.waitForFunction(() => !document.querySelector('.print-root'), undefined, { timeout: 15_000 });
    await page.locator('table.cart-table tbody').getByText('No items added yet').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
  }

  // 2. The due list: filters, pages, the bulk payment's preview.
  await page.goto(`${options.baseUrl}/transaction/due-list`);
  const firstRowsMs = await page
    .waitForFunction(() => document.querySelector('table.due-table tbody tr td.mono') !== null, undefined, { polling: 'raf', timeout: 30_000 })
    .then(() => call<number>(page, 'performance.now()'))
    .catch(() => null);
  const dueCaption =
    (await page
      .locator('nav.pager .pager-caption')
      .textContent()
      .catch(() => '')) ?? '';
  log(`    due list: first rows ${firstRowsMs === null ? 'never' : `${firstRowsMs.toFixed(0)} ms`} after navigation [${dueCaption}]`);
  await page.waitForTimeout(3000);

  const searchBox = 'input[aria-label="Search invoice number"]';
  const search = async (value: string, first = false) => record('dueFilter', `invoice no '${value}'`, await typeInto(searchBox, value, dueRows), first);
  const [firstNumber] = options.unpaidNumbers;
  // The register part of a number alone matches thousands; a sequence's digits a few; a whole number one.
  const numberTerms = [firstNumber!, firstNumber!.slice(-6), firstNumber!.slice(0, 7), '00042', 'S02-0009'];
  await search(firstNumber!, true);
  await untimed(typeInto(searchBox, '', dueRows), 'search cleared');
  for (let run = 0; run < runs; run++) {
    for (const term of numberTerms) {
      await search(term);
      record('dueFilter', `invoice no '${term}' → ''`, await typeInto(searchBox, '', dueRows));
    }
  }
  const typed = options.unpaidNumbers.at(-1)!;
  for (let i = 1; i <= typed.length; i++) {
    const timing = await typeInto(searchBox, typed.slice(0, i), dueRows, 1000);
    if (timing.status !== 'unchanged') record('dueFilter', `typing '${typed.slice(0, i)}'`, timing);
  }
  await untimed(typeInto(searchBox, '', dueRows), 'search cleared');

  // A customer chosen in the filter: its panel opened and searched (not timed), the option clicked (timed).
  const chooseCustomer = async (name: string | null, timed: boolean, first = false) => {
    await untimed(clickOn('.customer-filter .picker-button', null, pickerList), 'customer filter opened');
    if (name) await untimed(typeInto('input[aria-label="Search customers"]', name, pickerList), `customer search '${name}'`);
    const timing = await clickOn('.customer-filter .picker-option', name ?? 'All Customer', dueRows);
    if (timed) record('dueFilter', name ? `customer '${name}'` : "customer 'All Customer'", timing, first);
    else if (timing.status !== 'changed') log(`    (customer ${name ?? 'All Customer'}: ${timing.status})`);
  };
  const customers = [options.bulkCustomer.name, ...(options.smallCustomer ? [options.smallCustomer.name] : [])];
  await chooseCustomer(customers[0]!, true, true);
  await chooseCustomer(null, true, true);
  for (let run = 0; run < runs; run++) {
    for (const name of customers) {
      await chooseCustomer(name, true);
      await chooseCustomer(null, true);
    }
  }

  // A date: the day's unpaid invoices, and back to every day.
  const dateBox = 'input[aria-label="Invoice date"]';
  for (let run = 0; run < runs; run++) {
    for (const day of options.unpaidDays.slice(-3)) {
      record('dueFilter', `date ${day}`, await typeInto(dateBox, day, dueRows), run === 0 && day === options.unpaidDays.at(-3));
      record('dueFilter', `date ${day} → ''`, await typeInto(dateBox, '', dueRows));
    }
  }
  // Filters together: the fleet customer, then one register's numbers of theirs ('S02-').
  await chooseCustomer(options.bulkCustomer.name, false);
  for (let run = 0; run < runs; run++) {
    record('dueFilter', `with the fleet customer: invoice no 'S02-'`, await typeInto(searchBox, 'S02-', dueRows));
    record('dueFilter', `with the fleet customer: invoice no 'S02-' → ''`, await typeInto(searchBox, '', dueRows));
  }

  // The pager: the fleet customer's 4 pages, then every unpaid invoice's.
  const pageSteps = async (context: string) => {
    for (const label of ['Next', 'Next', 'Next', 'Last page', 'Previous', 'First page', '2']) {
      const timing = await clickOn('nav.pager button', label, dueRows);
      if (timing.status !== 'missing') record('duePage', `${context}${label}`, timing);
    }
  };
  for (let run = 0; run < runs; run++) await pageSteps(`${options.bulkCustomer.name}: `);
  await clickOn('nav.pager button', 'First page', dueRows);

  // 3. Bulk Payment for the fleet customer: the preview of its 200 open invoices as an amount is typed.
  let bulkRows = 0;
  const bulkButton = page.getByRole('button', { name: 'Bulk Payment', exact: true });
  const amountBox = '[role="dialog"] input[name="amount"]';
  const dueRupees = options.bulkCustomer.dueCents / 100;
  const amounts = [0.1, 0.25, 0.5, 1].map((share) => (Math.round(dueRupees * share * 100) / 100).toFixed(2));
  for (let run = 0; run < runs; run++) {
    await bulkButton.click();
    await page
      .locator('table.allocation-table tbody tr')
      .nth(Math.max(0, options.bulkCustomer.openInvoices - 1))
      .waitFor({ timeout: 20_000 });
    bulkRows = await page.locator('table.allocation-table tbody tr').count();
    // Typed key by key, as a cashier types a round amount.
    const typedAmount = String(Math.round(dueRupees / 2 / 1000) * 1000);
    await untimed(typeInto(amountBox, '', allocationRows), 'amount cleared');
    for (let i = 1; i <= typedAmount.length; i++) {
      const timing = await typeInto(amountBox, typedAmount.slice(0, i), allocationRows, 1000);
      if (timing.status !== 'unchanged') record('bulkPreview', `typing '${typedAmount.slice(0, i)}'`, timing, run === 0 && i === 1);
    }
    for (const amount of amounts) record('bulkPreview', `amount ${amount}`, await typeInto(amountBox, amount, allocationRows));
    await page.getByRole('dialog', { name: 'Bulk Payment' }).getByRole('button', { name: 'Cancel', exact: true }).click();
  }
  await chooseCustomer(null, false);

  // Every unpaid invoice's pages (no filter).
  for (let run = 0; run < runs; run++) await pageSteps('');
  return { samples, dueFirstRowsMs: firstRowsMs, dueCaption, bulkRows };
}
