import { execFileSync } from 'node:child_process';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { admin } from './support/users';
import { waitForSynced } from './support/sync';
import { customerBody, saleBody, saleLine } from '../../tests/factories';

// Issue 47: at 18 % added, the credit note and the Returns Report did not add up on the page: the 80 mm
// credit note listed its lines and a Returned that held tax it never showed, and the report's item
// rows left the tax out of a worth whose total held it. Both now show the tax, and add up.

const run = `r${Date.now().toString(36).slice(-5)}`;

test("at 18 % added, the credit note's and the Returns Report's figures add up on the page", async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  await api(request, token, 'put', '/api/company', {
    name: `Lanka Auto Care ${run}`,
    address: 'No. 45, Galle Road, Dehiwala',
    phone: '0771234567',
    email: 'info@lankaauto.test',
    taxRatePercent: 18,
    pricesIncludeTax: false,
  });
  const { customer } = await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', customerBody(`Sunil Fernando ${run}`, '0773456789', `CAB-${run}`));
  // 2 × Rs. 2,500.00 + Rs. 4,500.00 = Rs. 9,500.00, + 18 % = Rs. 11,210.00, paid in full.
  const oil = `Engine oil 1L ${run}`;
  const sale = saleBody(customer._id, [saleLine(oil, 2500, { quantity: 2 }), saleLine(`Full Service ${run}`, 4500)], {
    taxRate: 18,
    pricesIncludeTax: false,
    total: 11210,
    paidAmount: 11210,
  });
  const { invoice } = await api<{ invoice: { _id: string; items: { _id: string; itemName: string }[] } }>(request, token, 'post', '/api/sales/sales-invoices', sale);
  const oilLine = invoice.items.find((line) => line.itemName === oil)!._id;
  // One litre back: Rs. 2,500.00 + Rs. 450.00 tax = Rs. 2,950.00, refunded in cash.
  const { creditNote } = await api<{ creditNote: { _id: string } }>(request, token, 'post', '/api/returns', {
    invoiceId: invoice._id,
    reason: 'Not needed',
    refundMethod: 'Cash',
    lines: [{ invoiceLineId: oilLine, quantity: 1 }],
  });

  await loginAs(page, admin);
  await waitForSynced(page);
  await page.goto(`/print/credit-notes/${creditNote._id}?size=80mm`);
  await expect(page.locator('.print-root-preview .print-doc')).toHaveCount(1, { timeout: 20_000 });
  const file = testInfo.outputPath('credit-note-80mm.pdf');
  await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, testInfo.outputPath('credit-note-80mm')]);
  const slip = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
  expect(slip).toContain(`${oil} × 1 Rs. 2,500.00`);
  expect(slip).toMatch(/Subtotal Rs\. 2,500\.00\nSales Tax \(18%\) Rs\. 450\.00\nReturned Rs\. 2,950\.00\nRefunded \(Cash\) Rs\. 2,950\.00/);

  await page.goto('/report/returns');
  await page.getByLabel('Group by').selectOption('item');
  const table = page.locator('.returns-report-table');
  await expect(table.locator('thead th')).toHaveText(['Item', 'Returns', 'Quantity', 'Before Tax', 'Tax', 'Worth', 'Refunded']);
  await expect(table.getByRole('row').filter({ hasText: oil }).getByRole('cell')).toHaveText([
    // The name's cell holds the folded Before Tax and Tax too (shown under it on a tablet).
    new RegExp(`^${oil}`),
    '1',
    '1',
    'Rs. 2,500.00',
    'Rs. 450.00',
    'Rs. 2,950.00',
    '—',
  ]);
  await expect(page.getByTestId('returns-total-before-tax')).toHaveText('Rs. 2,500.00');
  await expect(page.getByTestId('returns-total-tax')).toHaveText('Rs. 450.00');
  await expect(page.getByTestId('returns-total-worth')).toHaveText('Rs. 2,950.00');
  await page.screenshot({ path: testInfo.outputPath('returns-report-by-item.png') });
});
