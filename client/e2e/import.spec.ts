import type { APIRequestContext } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { ImportScreen } from './support/import-screen';
import { loginAs } from './support/login-page';
import { adminToken, api, tokenFrom } from './support/server-api';
import { storeCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { answerConfirmation } from './support/in-page-confirm';
import { xlsxWorkbook } from '../../tests/support/xlsx';

// Settings → Import (issue 43): a 1,000-row file of each kind imported offline, a reload, back
// online → on the server once; the same files again → nothing new; an undo; and Excel's 'Unicode
// text' (UTF-16, tabs) with Sinhala and Tamil names arriving as written.

const rows = 1000;
const bom = '\ufeff';

/** 1,000 rows a vehicle: 600 customers, the first 400 with two vehicles; half of them with an email. */
function customersCsv(): string {
  const lines = ['Customer Name,Phone,Email,Address,City,Make,Model,Year,License Plate'];
  for (let row = 0; row < rows; row++) {
    const customer = row < 800 ? Math.floor(row / 2) : row - 400;
    const email = customer % 2 ? `c${customer}@mail.lk` : '';
    lines.push(
      `Customer ${customer},0770${String(customer).padStart(6, '0')},${email},"${customer}, Galle Road",Colombo,Toyota,Axio,2015,CA${String.fromCharCode(65 + (row % 26))}-${1000 + row}`,
    );
  }
  return bom + lines.join('\r\n');
}

/** 1,000 items in 4 categories, semicolons and amounts as shops write them. */
function itemsCsv(): string {
  const lines = ['Item Name;Barcode;Category;Unit Price;Cost Price;Stock Quantity;Reorder Level;Warranty'];
  for (let row = 0; row < rows; row++) {
    lines.push(
      `Part ${row};4792${String(row).padStart(6, '0')};${['Filters', 'Brakes', 'Oils', 'Electrical'][row % 4]};Rs. 1,${String(row % 1000).padStart(3, '0')}.50;${500 + row};${row % 7};2;6 Months`,
    );
  }
  return lines.join('\n');
}

function servicesCsv(count = rows, prefix = 'Service'): string {
  return ['Service Name,Price', ...Array.from({ length: count }, (_, row) => `${prefix} ${row},${1000 + row}`)].join('\n');
}

/** Excel's 'Unicode text': UTF-16 LE with a BOM, tab-separated, CRLF. */
function unicodeText(text: string): Buffer {
  const bytes = Buffer.alloc(2 + text.length * 2);
  bytes.writeUInt16LE(0xfeff, 0);
  for (let i = 0; i < text.length; i++) bytes.writeUInt16LE(text.charCodeAt(i), 2 + i * 2);
  return bytes;
}

async function serverTotal(request: APIRequestContext, token: string, path: string): Promise<number> {
  return (await api<{ total: number }>(request, token, 'get', path)).total;
}

test.describe('import', () => {
  test.describe.configure({ mode: 'serial' });

  test('a 1,000-row file of each kind imported offline reaches the server once; the same files again add nothing', async ({ page, context, request }) => {
    test.setTimeout(600_000);
    await adminToken(request);
    await loginAs(page, admin);
    await waitForSynced(page);
    await waitForServiceWorkerControl(page);

    // In the menu under Settings.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();

    await context.setOffline(true);
    const screen = new ImportScreen(page);
    await screen.choose('Customers with vehicles', 'customers.csv', customersCsv());
    await expect(screen.tally('Customers')).toHaveText(['600', '0', '0']);
    await expect(screen.tally('Vehicles')).toHaveText(['1000', '0', '0']);
    await screen.importAll();
    await expect(screen.finished.locator('tr', { hasText: 'Vehicles' }).locator('td')).toHaveText(['1000', '1000']);

    await screen.choose('Items', 'items.csv', itemsCsv());
    await expect(screen.tally('Categories')).toHaveText(['4', '0', '0']);
    await expect(screen.tally('Items')).toHaveText(['1000', '0', '0']);
    await screen.importAll();

    await screen.choose('Services', 'services.csv', servicesCsv());
    await expect(screen.tally('Services')).toHaveText(['1000', '0', '0']);
    await screen.importAll();

    // Offline still, the app restarts from its service worker with every change queued.
    await page.reload();
    await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
    expect(await storeCount(page, 'outbox')).toBe(600 + 4 + 1000 + 1000);

    await context.setOffline(false);
    await waitForSynced(page, 240_000);
    const token = await tokenFrom(page);
    expect(await serverTotal(request, token, '/api/customers?limit=1')).toBe(600);
    expect(await serverTotal(request, token, '/api/items?limit=1')).toBe(1000);
    expect((await api<{ services: unknown[] }>(request, token, 'get', '/api/services')).services).toHaveLength(1000);
    const categories = await api<{ categories: { name: string }[] }>(request, token, 'get', '/api/categories');
    expect(categories.categories.map((category) => category.name).sort()).toEqual(['Brakes', 'Electrical', 'Filters', 'Oils']);

    // The same files again: everything is found, nothing is written.
    for (const [kind, name, content, noun, count] of [
      ['Customers with vehicles', 'customers.csv', customersCsv(), 'Customers', '600'],
      ['Items', 'items.csv', itemsCsv(), 'Items', '1000'],
      ['Services', 'services.csv', servicesCsv(), 'Services', '1000'],
    ] as const) {
      await screen.choose(kind, name, content);
      await expect(screen.tally(noun)).toHaveText(['0', '0', count]);
      await expect(screen.dryRun.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
    }
    expect(await storeCount(page, 'outbox')).toBe(0);
  });

  test('an Admin undoes an import: what nothing has used is removed, on the server too', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await adminToken(request);
    await loginAs(page, admin);
    await page.goto('/settings/import');
    const screen = new ImportScreen(page);
    await screen.choose('Services', 'mistake.csv', servicesCsv(20, 'Wrong'));
    await screen.importAll();
    await waitForSynced(page, 60_000);
    const before = (await api<{ services: { name: string }[] }>(request, token, 'get', '/api/services')).services;
    expect(before.filter((service) => service.name.startsWith('Wrong '))).toHaveLength(20);

    await page.getByRole('button', { name: 'Undo import of mistake.csv' }).click();
    await answerConfirmation(page, 'Undo import');
    await expect(page.locator('.import-undo-report')).toContainText('Undo of mistake.csv: 20 records removed.');
    await expect(page.locator('.past-imports tr', { hasText: 'mistake.csv' })).toContainText('Undone');
    await waitForSynced(page, 60_000);
    const after = (await api<{ services: { name: string }[] }>(request, token, 'get', '/api/services')).services;
    expect(after.filter((service) => service.name.startsWith('Wrong '))).toHaveLength(0);
    expect(after).toHaveLength(before.length - 20);
  });

  test('an Admin imports a customers CSV with a header to map and an items .xlsx, and finds them in the lists', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await adminToken(request);
    await loginAs(page, admin);
    await page.goto('/settings/import');
    const screen = new ImportScreen(page);

    // 'Wahana Anka' (the vehicle's number, in Sinhala words) is none of our labels or aliases: the user maps it.
    const customers = [
      'Customer Name,Phone,Address,Make,Model,Year,Wahana Anka',
      'කමල් ජයසිංහ,0718800001,"12, Temple Road",Toyota,Vitz,2017,CBE-7001',
      'Ruwan Bandara,0718800002,Kandy Road,Honda,Grace,2016,CBE-7002',
    ].join('\r\n');
    await screen.pick('Customers with vehicles', 'customers-to-map.csv', bom + customers);
    const columns = page.locator('.import-columns');
    await expect(columns.getByRole('alert')).toContainText('Missing required column: License Plate');
    await columns.getByLabel('Import Wahana Anka as').selectOption({ label: 'License Plate' });
    await columns.getByRole('button', { name: 'Check file' }).click();
    await expect(screen.dryRun.getByRole('heading', { name: 'Dry run: nothing has been written yet' })).toBeVisible({ timeout: 60_000 });
    await expect(screen.tally('Customers')).toHaveText(['2', '0', '0']);
    await expect(screen.tally('Vehicles')).toHaveText(['2', '0', '0']);
    await screen.importAll();

    const workbook = xlsxWorkbook([
      ['Item Name', 'Barcode', 'Category', 'Unit Price', 'Cost Price', 'Stock Quantity', 'Reorder Level'],
      ['Spark Plug NGK', 'XLSX-0001', 'Ignition', 950, 700, 24, 4],
      ['Wiper Blade 18"', 'XLSX-0002', 'Body', 1250.5, 800, 10, 2],
    ]);
    await screen.choose('Items', 'items.xlsx', Buffer.from(workbook), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await expect(screen.tally('Categories')).toHaveText(['2', '0', '0']);
    await expect(screen.tally('Items')).toHaveText(['2', '0', '0']);
    await screen.importAll();

    // In the lists, as if typed into the forms.
    await page.goto('/customers');
    await page.getByPlaceholder('Search Customers...').fill('කමල්');
    await expect(page.locator('table.customers-table tbody tr', { hasText: 'කමල් ජයසිංහ' })).toBeVisible();
    await page.goto('/inventory/items');
    await page.getByPlaceholder('Search Items...').fill('XLSX');
    await expect(page.locator('table.items-table tbody tr', { hasText: 'XLSX-0001' })).toContainText('Spark Plug NGK');
    await expect(page.locator('table.items-table tbody tr', { hasText: 'XLSX-0002' })).toContainText('Wiper Blade 18"');

    // And on the server once synced.
    await waitForSynced(page, 60_000);
    const found = await api<{ customers: { customerName: string; vehicles: { licensePlate: string }[] }[] }>(
      request,
      token,
      'get',
      `/api/customers?search=${encodeURIComponent('07188000')}`,
    );
    expect(found.customers.map((customer) => customer.customerName).sort()).toEqual(['Ruwan Bandara', 'කමල් ජයසිංහ'].sort());
    const items = await api<{ items: { barcode: string; stockQuantity?: number }[] }>(request, token, 'get', '/api/items?search=XLSX');
    expect(items.items.map((item) => item.barcode).sort()).toEqual(['XLSX-0001', 'XLSX-0002']);
  });

  test("Excel's Unicode text with Sinhala and Tamil names arrives as written", async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await adminToken(request);
    await loginAs(page, admin);
    await page.goto('/settings/import');
    const screen = new ImportScreen(page);
    const sheet = [
      'Customer Name\tPhone\tAddress\tMake\tModel\tYear\tLicense Plate',
      'සුනිල් පෙරේරා\t0719000001\tගාලු පාර, කොළඹ\tToyota\tAqua\t2016\tCBA-9001',
      'சுனில் குமார்\t0719000002\tகண்டி வீதி\tHonda\tVezel\t2018\tCBA-9002',
      'නිමල් සිල්වා\t0719000003\tමහනුවර\tSuzuki\tWagon R\t2019\tCBA-9003',
    ].join('\r\n');
    await screen.choose('Customers with vehicles', 'customers.txt', unicodeText(sheet));
    await expect(page.locator('.import-columns, .import-dry-run').first()).toBeVisible();
    await expect(screen.tally('Customers')).toHaveText(['3', '0', '0']);
    await screen.importAll();
    await waitForSynced(page, 60_000);
    const found = await api<{ customers: { customerName: string; address: string }[] }>(request, token, 'get', `/api/customers?search=${encodeURIComponent('0719000')}`);
    expect(found.customers.map((customer) => customer.customerName).sort()).toEqual(['නිමල් සිල්වා', 'සුනිල් පෙරේරා', 'சுனில் குமார்'].sort());
    expect(found.customers.map((customer) => customer.address)).toContain('ගාලු පාර, කොළඹ');
  });
});
