import { randomUUID } from 'node:crypto';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { adminToken, api, OtherRegister } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody } from '../../tests/factories';

// Issue 42, points 4 and 7 in the browser: a register's return that states a refund far beyond what
// its lines are worth, and an expense it dated 1970, both reach Sales to Review. A Manager accepts the
// held refund offline; once back online the server pays it out. The expense is marked reviewed.

const run = Date.now().toString(36).slice(-5);

test('a refund held beyond its worth is accepted offline on Sales to Review; a backdated expense is reviewed', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const customer = await api<{ customer: { _id: string } }>(
    request,
    token,
    'post',
    '/api/customers',
    customerBody(`Sunil Rathnayake ${run}`, '0712223344', `WP-${run.toUpperCase()}`),
  );
  const counter = new OtherRegister(`hostile-${run}`);
  const { code } = await api<{ code: string }>(request, token, 'post', '/api/sync/device', { clientId: counter.clientId });
  const invoiceId = randomUUID();
  const lineId = randomUUID();
  await counter.push(request, token, 'checkoutSale', {
    id: invoiceId,
    invoiceNo: `INV-${code}-00001`,
    date: new Date().toISOString(),
    customerId: customer.customer._id,
    lines: [{ id: lineId, kind: 'service', refId: null, name: `Wheel alignment ${run}`, quantity: 1, unitPrice: 5000 }],
    taxRatePercent: 0,
    pricesIncludeTax: true,
    total: 5000,
    payment: { id: randomUUID(), method: 'Cash', tendered: 5000 },
  });
  const creditNoteNo = `CN-${code}-00001`;
  await counter.push(request, token, 'returnSale', {
    id: randomUUID(),
    creditNoteNo,
    invoiceId,
    date: new Date().toISOString(),
    reason: 'Not needed',
    refundMethod: 'Cash',
    refundPaymentId: randomUUID(),
    refund: 1_000_000,
    lines: [{ id: randomUUID(), invoiceLineId: lineId, quantity: 1 }],
  });
  await counter.push(request, token, 'recordExpense', { id: randomUUID(), date: '1970-01-01', category: 'Fuel', amount: 2500, paidFrom: 'Cash drawer', note: `Diesel ${run}` });

  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await page.goto('/transaction/sales-to-review');
  const held = page.locator('table.return-review-table tbody tr').filter({ hasText: creditNoteNo });
  await expect(held).toContainText('Rs. 1,000,000.00');
  await expect(held).toContainText('Rs. 995,000.00 held');
  const expense = page.locator('table.expense-review-table tbody tr').filter({ hasText: 'Dated 1970-01-01 by the register' });
  await expect(expense).toHaveCount(1);
  await snap(page, testInfo, 'money-under-review');

  // Accepted offline: the review closes on this device at once, and the payment waits to be sent.
  await page.context().setOffline(true);
  await page.getByRole('button', { name: `Accept the refund of ${creditNoteNo} as handed over` }).click();
  await expect(held).toHaveCount(0);
  await page.getByRole('button', { name: /^Mark The Fuel expense of Rs\. 2,500\.00 recorded .* as reviewed$/ }).click();
  await expect(expense).toHaveCount(0);

  await page.context().setOffline(false);
  await waitForSynced(page, 30_000);
  const { creditNotes } = await api<{ creditNotes: { creditNoteNo: string; reviewState: string; refund: number }[] }>(request, token, 'get', `/api/returns?invoiceId=${invoiceId}`);
  expect(creditNotes.map((note) => [note.creditNoteNo, note.reviewState, note.refund])).toEqual([[creditNoteNo, 'reviewed', 1_000_000]]);
  // The held part is paid out now: the invoice's payments are the sale, the refund at its worth and the accepted rest.
  const invoices = await api<{ invoices: { _id: string; paidAmount: number }[] }>(
    request,
    token,
    'get',
    `/api/sales/sales-invoices?limit=5&q=${encodeURIComponent(`Sunil Rathnayake ${run}`)}`,
  );
  expect(invoices.invoices.find((invoice) => invoice._id === invoiceId)?.paidAmount).toBe(5000 - 5000 - 995_000);
});
