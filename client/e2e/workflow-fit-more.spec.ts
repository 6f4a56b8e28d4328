import type { Page } from 'playwright/test';
import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { adminToken, api } from './support/server-api';
import { snap } from './support/screenshots';
import { expectInsideWindow, expectNoAccessibilityViolations } from './support/shell-checks';
import { device, expectFits, expectRowsInside, expectTidyFolds, look, sizes } from './support/fit-checks';
import { waitForSynced } from './support/sync';
import { dayKey } from '@shared/domain/dashboard';
import { customerBody, itemBody, jobItem, jobService, openJobBody, saleBody, saleLine } from '../../tests/factories';

// Issue 25, 'Fit the screens', the rest of the workflow screens (workflow-fit.spec.ts has the
// register, the job card and the due list): Record Payment, the Dashboard, the Returns and Expenses
// reports, the bell's panel, a vehicle's history, the X report's print page, the Expenses page and a
// return in progress, each at the tablet's two sizes (touch) and the counter PC's. The data is as
// long as a shop's gets: a 42-character customer name, a 45-character part with a 13-digit barcode,
// sums over Rs. 1,000,000.

const customerName = 'Wickramasinghe Arachchige Don Ruwan Kumara';
const plate = 'WP CAB-7721';
const battery = { name: 'Bosch S5 Silver Calcium Battery 12V 77Ah Axio', barcode: '4791234567893', price: 48500 };
const plugs = { name: 'Denso Iridium Power Spark Plug IK20TT Set of 4', barcode: '4791234567886', price: 12850 };
const overhaul = 'Full engine overhaul, rebore and new pistons';
const now = new Date();
const yesterday = dayKey(new Date(now.getTime() - 86_400_000));

test.describe('the rest of the workflow screens fit the tablet and the counter PC', () => {
  let dueInvoiceNo = '';
  let saleInvoiceNo = '';

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    const category = (await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name: 'Batteries and Ignition' })).category._id;
    // Both below their reorder level: the bell's stock entry names them.
    const itemIds: string[] = [];
    for (const part of [battery, plugs]) {
      const body = itemBody(category, {
        itemName: part.name,
        barcode: part.barcode,
        unitPrice: part.price,
        costPrice: Math.round(part.price * 0.7),
        stockQuantity: 30,
        reorderLevel: 40,
      });
      const { item } = await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', body);
      itemIds.push(item._id);
    }
    const customerId = (
      await api<{ customer: { _id: string } }>(
        request,
        token,
        'post',
        '/api/customers',
        customerBody(
          customerName,
          '0771234567',
          { licensePlate: plate, vin: 'NZE1613045678901X' },
          { email: 'ruwan.kumara.wickramasinghe@garage.test', address: '245/3A Old Kesbewa Road, Nugegoda' },
        ),
      )
    ).customer._id;
    // Two open jobs past their promised time (the bell, the Dashboard's Open Jobs), one finished (the vehicle's history).
    const job = async (mileage: number, service: string, price: number) =>
      (
        await api<{ jobCard: { _id: string; jobNumber: string } }>(
          request,
          token,
          'post',
          '/api/job-cards',
          openJobBody(customerId, plate, {
            vehicleMake: 'Toyota',
            vehicleModel: 'Axio',
            currentMileage: mileage,
            promisedDate: yesterday,
            promisedTime: '16:00',
            jobServices: [jobService(service, price)],
            jobItems: [jobItem(battery.name, battery.price)],
          }),
        )
      ).jobCard;
    const finished = await job(185230, overhaul, 1185000);
    await api(request, token, 'put', `/api/job-cards/${finished._id}`, { status: 'Finished' });
    await job(186410, 'Hybrid battery diagnosis and cell balancing', 65000);
    await job(186415, 'AC compressor replacement and gas refill', 148500);
    // A paid sale of parts (the Returns page, the Returns Report), and a due of Rs. 1,485,750 (Record Payment).
    const sale = async (lines: { item?: string; itemName: string; quantity: number; price: number; isService: boolean }[], paid: number | 'all', jobCardId?: string) => {
      const total = lines.reduce((sum, line) => sum + line.quantity * line.price, 0);
      const amount = paid === 'all' ? total : paid;
      return (
        await api<{ invoice: { _id: string; invoiceNo: string } }>(
          request,
          token,
          'post',
          '/api/sales/sales-invoices',
          saleBody(
            customerId,
            lines.map((line) => saleLine(line.itemName, line.price, { itemId: line.item, quantity: line.quantity, isService: line.isService })),
            { date: now.toISOString(), jobCardId, paidAmount: amount },
          ),
        )
      ).invoice;
    };
    const paid = await sale(
      [
        { item: itemIds[0], itemName: battery.name, quantity: 25, price: battery.price, isService: false },
        { item: itemIds[1], itemName: plugs.name, quantity: 10, price: plugs.price, isService: false },
      ],
      'all',
    );
    saleInvoiceNo = paid.invoiceNo;
    const due = await sale([{ itemName: overhaul, quantity: 1, price: 1485750, isService: true }], 250000, finished._id);
    dueInvoiceNo = due.invoiceNo;
    const { invoice } = await api<{ invoice: { items: { _id: string; itemName: string }[] } }>(request, token, 'get', `/api/sales/sales-invoices/${paid._id}`);
    const lineOf = (name: string) => invoice.items.find((line) => line.itemName === name)!._id;
    await api(request, token, 'post', '/api/returns', {
      invoiceId: paid._id,
      reason: 'Wrong part',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: lineOf(battery.name), quantity: 22 }],
    });
    await api(request, token, 'post', '/api/returns', {
      invoiceId: paid._id,
      reason: 'Other',
      note: 'The customer ordered the set for his second vehicle by mistake',
      refundMethod: 'Cash',
      lines: [{ invoiceLineId: lineOf(plugs.name), quantity: 2 }],
    });
    // Expenses of the month, rent and salaries over a million.
    const today = dayKey(now);
    await api(request, token, 'post', '/api/expenses', {
      date: today,
      category: 'Rent',
      amount: 1250000,
      paidFrom: 'Bank',
      note: 'Workshop and yard rent for the quarter, Old Kesbewa Road',
    });
    await api(request, token, 'post', '/api/expenses', { date: today, category: 'Salaries', amount: 1185500, paidFrom: 'Bank', note: 'Mechanics and cashier, with overtime' });
    await api(request, token, 'post', '/api/expenses', { date: today, category: 'Fuel', amount: 18750, paidFrom: 'Cash drawer', note: 'Diesel for the tow truck' });
  });

  for (const size of sizes) {
    test.describe(`at ${size.name} (${size.width}×${size.height})`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await device(browser, size);
      });
      test.afterAll(async () => {
        await page?.context().close();
      });

      test('Record Payment on the Due List', async ({}, testInfo) => {
        await page.goto('/transaction/due-list');
        await page.getByRole('button', { name: `Record payment for ${dueInvoiceNo}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Record Payment' });
        await expect(dialog).toContainText('Rs. 1,235,750.00');
        await expectInsideWindow(dialog.getByRole('button'), `Record Payment at ${size.name}`);
        await expectInsideWindow(dialog.locator('input:visible, select:visible'), `Record Payment's fields at ${size.name}`);
        await expectFits(page, size, 'the Record Payment dialog', '[role="dialog"]');
        await expectNoAccessibilityViolations(page, `Record Payment at ${size.name}`);
        await snap(page, testInfo, `fit-${size.name}-record-payment`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      });

      test('the Dashboard', async ({}, testInfo) => {
        await page.goto('/dashboard');
        await expect(page.locator('section.dashboard[data-loaded="true"]')).toBeVisible();
        const rows = page.locator('.open-jobs-table tbody tr[data-row-id]');
        await expect(rows).toHaveCount(2);
        await expectRowsInside(rows, `Open Jobs at ${size.name}`);
        await expectInsideWindow(page.locator('.summary-value'), `the Dashboard's cards at ${size.name}`);
        // On a portrait tablet Mechanic folds under the customer, its promised date beside it.
        const folds = await expectTidyFolds(page, `Open Jobs at ${size.name}`);
        if (size.width < 800) expect(folds, 'the Mechanic column folds on a portrait tablet').toBeGreaterThan(0);
        await expectFits(page, size, 'the Dashboard');
        await expectNoAccessibilityViolations(page, `the Dashboard at ${size.name}`);
        await look(page, testInfo, size, 'dashboard');
      });

      test('the Returns Report and the Expenses Report', async ({}, testInfo) => {
        await page.goto('/report/returns');
        await expect(page.getByRole('heading', { level: 1, name: 'Returns Report' })).toBeVisible();
        await page.getByLabel('Group by').selectOption('item');
        const returned = page.locator('.returns-report-table tbody tr[data-row-id]');
        await expect(returned.filter({ hasText: battery.name })).toContainText('Rs. 1,067,000.00');
        await expectRowsInside(returned, `the Returns Report at ${size.name}`);
        await expectInsideWindow(page.locator('.page-header :is(button, a[href], input, select):visible'), `the Returns Report's header at ${size.name}`);
        const groupBy = await page.getByLabel('Group by').boundingBox();
        expect(groupBy!.width, `the Group by select at ${size.name} is as wide as its words`).toBeLessThan(240);
        await expectFits(page, size, 'the Returns Report');
        await expectNoAccessibilityViolations(page, `the Returns Report at ${size.name}`);
        await look(page, testInfo, size, 'returns-report');

        await page.goto('/report/expenses');
        await expect(page.getByRole('heading', { level: 1, name: 'Expenses Report' })).toBeVisible();
        await expect(page.getByTestId('expenses-report-net')).toHaveText('Rs. 2,454,250.00');
        for (const table of ['expenses-by-category', 'expenses-by-month']) await expectRowsInside(page.locator(`.${table} tbody tr[data-row-id]`), `${table} at ${size.name}`);
        await expectInsideWindow(page.locator('.page-header :is(button, a[href], input, select):visible'), `the Expenses Report's header at ${size.name}`);
        await expectFits(page, size, 'the Expenses Report');
        await expectNoAccessibilityViolations(page, `the Expenses Report at ${size.name}`);
        await look(page, testInfo, size, 'expenses-report');
      });

      test("the bell's panel with its entries", async ({}, testInfo) => {
        await page.goto('/dashboard');
        const bell = page.getByRole('button', { name: /^Notifications/ });
        await expect(bell).toHaveAccessibleName('Notifications, 3 unread');
        await bell.click();
        const panel = page.getByRole('dialog', { name: 'Notifications' });
        await expect(panel.getByRole('button', { name: /2 items below the reorder level/ })).toContainText(battery.name);
        await expectInsideWindow(panel, `the bell's panel at ${size.name}`);
        await expectInsideWindow(panel.locator('button:visible, summary'), `the bell's entries at ${size.name}`);
        await panel.locator('summary').click();
        await expectInsideWindow(panel.locator('label:visible'), `the bell's kinds at ${size.name}`);
        await expectFits(page, size, "the bell's panel", '.bell-panel');
        await expectNoAccessibilityViolations(page, `the bell's panel at ${size.name}`);
        await page.screenshot({ path: join(testInfo.project.outputDir, 'screens', `fit-${size.name}-bell.png`) });
        await bell.click();
        await expect(panel).toHaveCount(0);
      });

      test("a vehicle's history, from the top bar's search", async ({}, testInfo) => {
        await page.goto('/dashboard');
        // On a touch screen the search is an icon that opens the box; on the counter PC the box shows.
        const toggle = page.getByRole('button', { name: 'Search', exact: true });
        const box = page.getByRole('combobox', { name: 'Search' });
        await expect(toggle.or(box)).toBeVisible();
        if (await toggle.isVisible()) await toggle.click();
        await box.fill('CAB7721');
        await page.getByRole('listbox', { name: 'Search results' }).getByRole('group', { name: 'Vehicles' }).getByRole('option').first().click();
        await expect(page).toHaveURL(/\/vehicles\//);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(plate);
        await expectInsideWindow(page.locator('.vehicle-history-page .return-summary dd'), `the vehicle at ${size.name}`);
        for (const table of ['vehicle-jobs', 'vehicle-invoices']) await expectRowsInside(page.locator(`.${table} tbody tr[data-row-id]`), `${table} at ${size.name}`);
        // The finished job has no mechanic: its fold says nothing rather than a bare 'Mechanic:'.
        await expectTidyFolds(page, `the vehicle's history at ${size.name}`);
        await expectFits(page, size, "the vehicle's history");
        await expectNoAccessibilityViolations(page, `the vehicle's history at ${size.name}`);
        await look(page, testInfo, size, 'vehicle-history');
      });

      test('the Expenses page and its Download PDF', async ({}, testInfo) => {
        await page.goto('/transaction/expenses');
        await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
        await expectInsideWindow(page.locator('.page-header :is(button, a[href], input, select):visible'), `the Expenses page's header at ${size.name}`);
        const expenses = page.locator('table.expenses-table tbody tr[data-row-id]');
        await expect(expenses.first()).toBeVisible(); // read from the device: the heading shows before the rows do
        await expectRowsInside(expenses, `the Expenses list at ${size.name}`);
        await expectFits(page, size, 'the Expenses page');
        await expectNoAccessibilityViolations(page, `the Expenses page at ${size.name}`);
        await look(page, testInfo, size, 'expenses');
      });

      test('the X report from the cash drawer', async ({}, testInfo) => {
        await page.goto('/transaction/cash-drawer');
        await page.getByRole('spinbutton', { name: 'Float (LKR)' }).fill('1250000');
        await page.getByRole('button', { name: 'Open Drawer' }).click();
        await expect(page.getByTestId('drawer-expected')).toHaveText('Rs. 1,250,000.00');
        // The server takes the opening (it once answered 'This register has no code yet' to a new
        // tablet's push, and the drawer vanished from the X report a moment later).
        await waitForSynced(page);
        await expect(page.getByTestId('drawer-expected'), 'the drawer is still open once synced').toHaveText('Rs. 1,250,000.00');
        await page.getByRole('link', { name: 'Print X Report' }).click();
        await expect(page).toHaveURL(/\/print\/x-reports\//);
        await expect(page.locator('.print-root-preview .print-x-report')).toHaveCount(1);
        await expectInsideWindow(page.locator('.print-toolbar :is(button, a[href])'), `the X report's toolbar at ${size.name}`);
        await expectFits(page, size, 'the X report print page');
        await expectNoAccessibilityViolations(page, `the X report at ${size.name}`);
        await look(page, testInfo, size, 'x-report');
        await page.getByRole('link', { name: '80 mm' }).click();
        await expect(page.locator('.print-root-preview .print-x-report-slip')).toHaveCount(1);
        await expectFits(page, size, 'the X report on 80 mm');
        await look(page, testInfo, size, 'x-report-80mm');
      });

      test('the Returns page with a sale found', async ({}, testInfo) => {
        await page.goto('/transaction/returns');
        await page.getByRole('searchbox').fill(saleInvoiceNo);
        await page.getByRole('searchbox').press('Enter');
        const lines = page.getByRole('table', { name: 'Lines of the sale' }).locator('tbody tr');
        await expect(lines.filter({ hasText: battery.name })).toHaveCount(1);
        await page.getByLabel(`Return quantity of ${battery.name}`).fill('3');
        await expect(page.getByTestId('return-worth')).toHaveText('Rs. 145,500.00');
        await expectRowsInside(lines, `the sale's lines at ${size.name}`);
        await expectInsideWindow(lines.locator('input:visible, select:visible'), `the return's fields at ${size.name}`);
        await expectInsideWindow(page.getByRole('button', { name: 'Confirm Return' }), `Confirm Return at ${size.name}`);
        await expectFits(page, size, 'the Returns page with a sale found');
        await expectNoAccessibilityViolations(page, `the Returns page at ${size.name}`);
        await look(page, testInfo, size, 'returns');
      });
    });
  }
});
