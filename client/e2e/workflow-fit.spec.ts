import { join } from 'node:path';
import { test, expect } from './support/fixtures';
import { adminToken, api } from './support/server-api';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { controlsUnderToasts, expectApart, expectInsideWindow, expectNoSidewaysScroll, expectOneLine, expectPlaceholderFits } from './support/shell-checks';
import { device, expectFits, expectRowsInside, look, sizes } from './support/fit-checks';
import { customerBody, itemBody, jobBody, jobItem, jobService, saleBody, saleLine } from '../../tests/factories';

// Issue 25, 'Fit the screens': the workflow screens get the checks the list screens have
// (tablet-shell.spec.ts) at the workshop tablet's two sizes (touch) and the counter PC's: no
// sideways scroll, every row action and money figure inside the window, 44 px touch targets, with a
// shop's real amount of data (a full cart, a job with several lines, a due with its payments).

// Thirteen-digit barcodes and large prices, as the shop's stock has them.
const parts = [
  { name: 'Amaron Battery 55D23L', barcode: '4800123450073', price: 28500, stock: 30 },
  { name: 'Brake Fluid DOT4 500ml', barcode: '4800123450066', price: 1250.5, stock: 40 },
  { name: 'Brake Pad Set Front Axio', barcode: '4800123450059', price: 6750, stock: 25 },
  { name: 'Castrol GTX 10W-40 4L', barcode: '4800123450011', price: 8500, stock: 60 },
  { name: 'H4 Headlight Bulb 12V', barcode: '4800123450080', price: 950, stock: 80 },
  { name: 'Mobil 1 5W-30 4L Fully Synthetic', barcode: '4800123450028', price: 14500, stock: 40 },
  { name: 'Oil Filter Toyota 90915', barcode: '4800123450035', price: 1450, stock: 50 },
  { name: 'Spark Plug NGK BKR6E', barcode: '4800123450097', price: 780, stock: 1 },
];
const plate = 'WP CBH-4455';
const customerName = 'Ruwan Jayasinghe';

test.describe('the workflow screens fit the tablet and the counter PC', () => {
  test.describe.configure({ mode: 'serial' });
  let jobId = '';
  let jobNumber = '';
  let dueInvoiceNo = '';

  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    const category = await api<{ category: { _id?: string; id?: string } }>(request, token, 'post', '/api/categories', { name: 'Engine and Electrical' });
    const categoryId = category.category._id ?? category.category.id!;
    for (const part of parts) {
      const item = itemBody(categoryId, {
        itemName: part.name,
        barcode: part.barcode,
        unitPrice: part.price,
        costPrice: Math.round(part.price * 0.7),
        stockQuantity: part.stock,
        reorderLevel: 5,
      });
      await api(request, token, 'post', '/api/items', item);
    }
    for (const [name, price] of [
      ['Wheel Alignment', 3000],
      ['Full Service with Engine Oil Change', 8500],
      ['AC Gas Refill and Leak Test', 6500],
    ] as const) {
      await api(request, token, 'post', '/api/services', { name, price });
    }
    const customer = customerBody(customerName, '0771234567', plate, { email: 'ruwan.jayasinghe@garage.test', address: '12 Galle Road, Maharagama' });
    const created = await api<{ customer: { _id?: string; id?: string } }>(request, token, 'post', '/api/customers', customer);
    const customerId = created.customer._id ?? created.customer.id!;
    // An open job with services and parts: Job Detail's lines and the job page.
    const job = async (status?: 'Finished') => {
      const body = jobBody(customerId, {
        vehicleLicensePlate: plate,
        currentMileage: 85230,
        dateIn: '2026-11-25T09:30:00.000Z',
        promisedDate: '2026-11-27',
        promisedTime: '17:30',
        jobType: 'Service',
        notes: 'Pulling to the left; misfire on cold start',
        jobServices: [jobService('Wheel Alignment', 3000), jobService('Full Service with Engine Oil Change', 8500), jobService('AC Gas Refill and Leak Test', 6500)],
        jobItems: [jobItem(parts[1]!.name, parts[1]!.price, { quantity: 2 }), jobItem(parts[3]!.name, parts[3]!.price), jobItem(parts[7]!.name, parts[7]!.price, { quantity: 4 })],
      });
      const { jobCard } = await api<{ jobCard: { _id: string; jobNumber: string } }>(request, token, 'post', '/api/job-cards', body);
      if (status) await api(request, token, 'put', `/api/job-cards/${jobCard._id}`, { status });
      return jobCard;
    };
    await job('Finished');
    const open = await job();
    jobId = open._id;
    jobNumber = open.jobNumber;
    // A due with two payments (its history) and a second one: the Due List and Bulk Payment.
    const invoice = async (total: number, paid: number) =>
      (
        await api<{ invoice: { _id: string; invoiceNo: string } }>(
          request,
          token,
          'post',
          '/api/sales/sales-invoices',
          saleBody(customerId, [saleLine('Engine overhaul labour', total)], { date: '2026-11-20T09:00:00.000Z', paidAmount: paid }),
        )
      ).invoice;
    const due = await invoice(155000, 50000);
    dueInvoiceNo = due.invoiceNo;
    await api(request, token, 'put', `/api/sales/due-invoices/${due._id}/record-payment`, { paymentDate: '2026-11-22', paymentMethod: 'Cheque', payingAmount: 25000 });
    await invoice(42750, 10000);
  });

  for (const size of sizes) {
    test(`the workflow screens fit ${size.name} (${size.width}×${size.height})`, async ({ browser }, testInfo) => {
      // Ten screens and three dialogs, each scanned at the top and the bottom, on a busy 2-core machine.
      test.setTimeout(240_000);
      const page = await device(browser, size);

      await test.step('Sales Register with a full cart', async () => {
        await page.goto('/transaction/sales-register');
        await expect(page.getByRole('heading', { level: 1, name: 'Sales Register' })).toBeVisible();
        const scan = page.getByRole('combobox', { name: 'Barcode or item name' });
        for (const part of parts) {
          await scan.fill(part.barcode);
          await scan.press('Enter');
        }
        const rows = page.locator('table.cart-table tbody tr');
        await expect(rows).toHaveCount(parts.length);
        // Typed quantities: a dozen, and two and a half.
        await page.getByRole('spinbutton', { name: `Quantity of ${parts[0]!.name}` }).fill('12');
        await page.getByRole('spinbutton', { name: `Quantity of ${parts[1]!.name}` }).fill('2.5');
        await page.getByRole('spinbutton', { name: `Quantity of ${parts[1]!.name}` }).press('Enter');
        await expect(page.getByTestId('total-payable')).toHaveText('Rs. 378,056.25');
        await expect(page.locator('table.cart-table th.actions-col')).toHaveText('Actions');
        await expectInsideWindow(page.locator('table.cart-table th:visible'), `register cart headers at ${size.name}`);
        await expectRowsInside(rows, `register cart at ${size.name}`);
        const summary = page.locator('.cart-summary');
        await expectApart(summary.locator('div', { hasText: 'Total Items Type' }), summary.locator('.cart-payable dd'), `register totals at ${size.name}`);
        await expectInsideWindow(summary.locator('dd'), `register totals at ${size.name}`);
        await expectInsideWindow(page.locator('.register-buttons button'), `register buttons at ${size.name}`);
        await expectFits(page, size, 'the register with a full cart');
        await look(page, testInfo, size, 'register-cart');
      });

      await test.step('the payment modal', async () => {
        await page.getByRole('button', { name: 'Payment', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Payment' });
        await expect(dialog).toBeVisible();
        await expectInsideWindow(dialog.getByRole('button'), `payment dialog at ${size.name}`);
        await expectFits(page, size, 'the payment dialog', '[role="dialog"]');
        await snap(page, testInfo, `fit-${size.name}-payment`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      });

      await test.step('Current Jobs and Job Detail with its lines; a toast covers no field', async () => {
        await page.goto('/transaction/job-card');
        await page.getByRole('tab', { name: 'Current Jobs' }).click();
        const search = page.getByRole('searchbox', { name: 'Search current jobs' });
        await expect(search).toBeVisible();
        await expectPlaceholderFits(search, `Current Jobs search at ${size.name}`);
        const rows = page.locator('table.current-jobs-table tbody tr[data-row-id]');
        await expect(rows).toHaveCount(1);
        await expectOneLine(rows.first().getByText(plate, { exact: true }), `Current Jobs plate at ${size.name}`);
        await expectRowsInside(rows, `Current Jobs at ${size.name}`);
        await expectFits(page, size, 'Current Jobs');
        await look(page, testInfo, size, 'current-jobs');

        // Edit opens the job on Vehicle Details; its lines are on Job Detail.
        await rows
          .first()
          .getByRole('button', { name: `Edit ${jobNumber}` })
          .click();
        await page.getByRole('tab', { name: 'Job Detail' }).click();
        const lines = page.locator('table.job-lines-table tbody tr');
        await expect(lines).toHaveCount(6);
        await expectRowsInside(lines, `Job Detail lines at ${size.name}`);
        await expectInsideWindow(page.locator('table.job-lines-table tfoot td:visible'), `Job Detail total at ${size.name}`);
        await expectFits(page, size, 'Job Detail');
        await look(page, testInfo, size, 'job-detail');

        // Saved, then back into the job at once: the success toast lies over no field or button.
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        const toast = page.locator('.toast').filter({ hasText: 'Job Card updated successfully!' });
        await expect(toast).toBeVisible();
        await rows
          .first()
          .getByRole('button', { name: `Edit ${jobNumber}` })
          .click();
        await page.getByRole('tab', { name: 'Job Detail' }).click();
        const serviceSearch = page.getByLabel('Search/Add Service');
        await serviceSearch.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        await expect(toast).toBeVisible();
        expect(await controlsUnderToasts(page), `controls under the toast on Job Detail at ${size.name}`).toEqual([]);
        // The window as the mechanic sees it (a full-page picture would draw the toast elsewhere).
        await page.screenshot({ path: join(testInfo.project.outputDir, 'screens', `fit-${size.name}-job-detail-toast.png`) });
      });

      await test.step('Finished Jobs', async () => {
        await page.getByRole('tab', { name: 'Finished Jobs' }).click();
        const search = page.getByRole('searchbox', { name: 'Search finished jobs' });
        await expect(search).toBeVisible();
        await expectPlaceholderFits(search, `Finished Jobs search at ${size.name}`);
        const rows = page.locator('table.finished-jobs-table tbody tr[data-row-id]');
        await expect(rows).toHaveCount(1);
        await expectOneLine(rows.first().getByText(plate, { exact: true }), `Finished Jobs plate at ${size.name}`);
        await expectRowsInside(rows, `Finished Jobs at ${size.name}`);
        await expectFits(page, size, 'Finished Jobs');
        await look(page, testInfo, size, 'finished-jobs');
      });

      await test.step('the job page; the side menu stays in place', async () => {
        await page.goto(`/job-cards/${jobId}`);
        await expect(page.locator('main h1')).toContainText(jobNumber);
        // Dates and numbers said one way: dd/MM/yyyy, mileage grouped.
        await expect(page.locator('.detail').filter({ hasText: 'Promised' }).locator('dd')).toHaveText('27/11/2026 17:30');
        await expect(page.locator('.detail').filter({ hasText: 'Mileage' }).first().locator('dd')).toHaveText('85,230 km');
        await expectFits(page, size, 'the job page');
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        expect(await page.evaluate(() => window.scrollY), 'the job page is longer than the window').toBeGreaterThan(0);
        const menu = page.getByRole('complementary', { name: 'Main menu' });
        expect(Math.abs((await menu.boundingBox())!.y), `the side menu's top after scrolling at ${size.name} (px from the window's top)`).toBeLessThanOrEqual(1);
        await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeInViewport();
        await page.screenshot({ path: join(testInfo.project.outputDir, 'screens', `fit-${size.name}-job-page-scrolled.png`) });
      });

      await test.step('Due List with the payment history open, and Bulk Payment', async () => {
        await page.goto('/transaction/due-list');
        await expect(page.getByRole('heading', { level: 1, name: 'Due List' })).toBeVisible();
        const row = page.locator('table.due-table > tbody > tr').filter({ hasText: dueInvoiceNo });
        await page.getByRole('button', { name: `Payment history of ${dueInvoiceNo}` }).click();
        await expect(page.locator('.history-row .payment-history tbody tr')).toHaveCount(2);
        // Due and Sold By show (in their columns, or folded under the invoice number).
        await expect(row.locator('td:visible', { hasText: 'Rs. 80,000.00' })).toHaveCount(1);
        await expect(row.getByText(admin.name).filter({ visible: true })).toHaveCount(1);
        await expectRowsInside(page.locator('table.due-table > tbody > tr:not(.history-row)'), `Due List at ${size.name}`);
        await expectInsideWindow(page.locator('.history-row .payment-history td:visible'), `payment history at ${size.name}`);
        await expectInsideWindow(page.getByTestId('total-due'), `Due List total at ${size.name}`);
        await expectFits(page, size, 'the Due List with a payment history open');
        await look(page, testInfo, size, 'due-list');

        await page.locator('.customer-filter .picker-button').click();
        const picker = page.getByRole('dialog', { name: 'Choose a customer' });
        await picker.getByRole('searchbox', { name: 'Search customers' }).fill(customerName);
        await picker.getByRole('option').filter({ hasText: customerName }).getByRole('button').click();
        await page.getByRole('button', { name: 'Bulk Payment', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Bulk Payment' });
        await expect(dialog).toBeVisible();
        await expectInsideWindow(dialog.getByRole('button'), `bulk payment dialog at ${size.name}`);
        await expectFits(page, size, 'the bulk payment dialog', '[role="dialog"]');
        await snap(page, testInfo, `fit-${size.name}-bulk-payment`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      });

      await test.step('Item Inventory: barcodes on one line, Delete inside', async () => {
        await page.goto('/inventory/items');
        const rows = page.locator('table.items-table tbody tr[data-row-id]');
        await expect(rows).toHaveCount(parts.length);
        await expectNoSidewaysScroll(page, `items at ${size.name}`);
        for (let i = 0; i < 3; i++) {
          const barcode = rows
            .nth(i)
            .getByText(/^\d{13}$/)
            .filter({ visible: true });
          await expect(barcode).toHaveCount(1);
          await expectOneLine(barcode, `items barcode at ${size.name}`);
        }
        await expectRowsInside(rows, `items at ${size.name}`);
        await expectFits(page, size, 'Item Inventory');
        await look(page, testInfo, size, 'items');
      });

      await test.step('the reports: Job History and Low Stock', async () => {
        await page.goto('/report/job-history');
        await expectPlaceholderFits(page.getByRole('searchbox', { name: 'Search jobs' }), `Job History search at ${size.name}`);
        const rows = page.locator('table.job-history-table tbody tr[data-row-id]');
        await expect(rows).toHaveCount(2);
        await expectRowsInside(rows, `Job History at ${size.name}`);
        await expectFits(page, size, 'the Job History report');
        await look(page, testInfo, size, 'job-history');

        await page.goto('/report/low-stock-items');
        const low = page.locator('table.low-stock-table tbody tr[data-row-id]');
        await expect(low.filter({ hasText: parts[7]!.name })).toHaveCount(1);
        await expectRowsInside(low, `Low Stock at ${size.name}`);
        await expectFits(page, size, 'the Low Stock report');
        await look(page, testInfo, size, 'low-stock');
      });
      await page.context().close();
    });
  }
});
