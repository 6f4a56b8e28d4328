import type { Download, Page } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { OtherRegister, adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { customerBody } from '../../tests/factories';
import { readCsv } from '@shared/export/csv';

// Issue 43 in the browser: a list exported as CSV offline, read back (the byte order mark, Sinhala and
// Tamil as written, a formula neutralised), and the whole shop as one zip listed by unzip; an opening
// balance recorded by the import's mutation is on the due list's export in its own series.

const run = Date.now().toString(36).slice(-5);
const sinhala = `සුනිල් පෙරේරා ${run}`;
const tamil = `முருகன் ${run}`;
const formula = '=SUM(A1:A9)';

const saved = async (download: Download, dir: string) => {
  const file = join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
};

async function exportFrom(page: Page, button: string, dir: string): Promise<{ name: string; file: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return { name: download.suggestedFilename(), file: await saved(download, dir) };
}

test.describe('export', () => {
  test.beforeAll(async ({ request }) => {
    const token = await adminToken(request);
    const customers = [
      customerBody(sinhala, '0771234567', `CAB-${run.slice(0, 4).toUpperCase()}`, { email: 'sunil@mail.lk' }),
      customerBody(tamil, '0712345678', `KX-${run.slice(0, 4).toUpperCase()}`, { email: 'murugan@mail.lk' }),
      customerBody(formula, '0761111111', `WP-${run.slice(0, 4).toUpperCase()}`, { email: 'formula@mail.lk' }),
    ];
    const ids: string[] = [];
    for (const body of customers) ids.push((await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', body)).customer._id);
    // What the import will send for an unpaid invoice of the old books.
    await new OtherRegister('office-import').push(request, token, 'recordOpeningBalance', {
      id: randomUUID(),
      customerId: ids[0],
      invoiceNo: `A-${run}`,
      date: '2025-03-01',
      dueDate: '2025-03-31',
      total: 4500,
      paid: 1000,
      paymentId: randomUUID(),
      note: '',
    });
  });

  test('a list offline: the CSV has the BOM, Sinhala and Tamil as written, and the formula cell escaped', async ({ page, context }, testInfo) => {
    const dir = testInfo.outputPath('downloads');
    mkdirSync(dir, { recursive: true });
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);

    await context.setOffline(true);
    await page.goto('/customers');
    await expect(page.getByRole('cell', { name: sinhala, exact: true })).toBeVisible();
    const { name, file } = await exportFrom(page, 'Export CSV', dir);
    expect(name).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain(`\r\n${sinhala},`);
    expect(text).toContain(`\r\n${tamil},`);
    // Written after an apostrophe, so no spreadsheet runs it; the import reads it back as typed.
    expect(text).toContain(`\r\n'${formula},`);
    const rows = readCsv(text);
    expect(rows[0]).toEqual([
      'Customer Name',
      'Contact Person',
      'Email',
      'Phone',
      'Address',
      'City',
      'License Plate',
      'Make',
      'Model',
      'Year',
      'VIN',
      'Message Language',
      'No Reminders',
    ]);
    expect(rows.map((row) => row[0]).sort()).toEqual(['Customer Name', formula, sinhala, tamil].sort());

    // The due list's export holds the opening balance in its own series, as the import reads it.
    await page.goto('/transaction/due-list');
    const due = readCsv(readFileSync((await exportFrom(page, 'Export CSV', dir)).file, 'utf8'));
    expect(due.find((row) => row[0] === `OB-A-${run}`)?.slice(0, 8)).toEqual([`OB-A-${run}`, sinhala, '0771234567', '01/03/2025', '31/03/2025', '4500.00', '1000.00', '3500.00']);
    await context.setOffline(false);
  });

  test('the whole shop from Settings, offline: one zip of every list, read back by unzip', async ({ page, context }, testInfo) => {
    const dir = testInfo.outputPath('downloads');
    mkdirSync(dir, { recursive: true });
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    await page.goto('/settings/company');
    await page.getByRole('link', { name: 'Export the whole shop' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Data' })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    const { name, file } = await exportFrom(page, 'Export the whole shop', dir);
    expect(name).toMatch(/^garage-shop-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8' });
    const files = [
      'customers.csv',
      'items.csv',
      'services.csv',
      'invoices.csv',
      'invoice-lines.csv',
      'payments.csv',
      'due-list.csv',
      'credit-notes.csv',
      'expenses.csv',
      'stock-movements.csv',
      'job-cards.csv',
    ];
    for (const csv of files) expect(listing).toMatch(new RegExp(`\\s${csv.replace('.', '\\.')}\\n`));
    expect(listing).toContain(`${files.length} files`);
    const customers = execFileSync('unzip', ['-p', file, 'customers.csv'], { encoding: 'utf8' });
    expect(customers.startsWith('\uFEFFCustomer Name,')).toBe(true);
    expect(customers).toContain(sinhala);
    const payments = readCsv(execFileSync('unzip', ['-p', file, 'payments.csv'], { encoding: 'utf8' }));
    expect(payments.find((row) => row[1] === `OB-A-${run}`)?.slice(0, 5)).toEqual(['01/03/2025', `OB-A-${run}`, sinhala, 'Opening balance', '1000.00']);
    // The screen says what went into the zip.
    await expect(page.getByRole('table', { name: 'Exported files' }).getByRole('row')).toHaveCount(files.length + 1);
    await context.setOffline(false);
  });
});
