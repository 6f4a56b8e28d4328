import type { APIRequestContext } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { ImportScreen } from './support/import-screen';
import { loginAs } from './support/login-page';
import { adminToken, tokenFrom } from './support/server-api';
import { storeCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { formatMoney } from '@shared/domain/money';

// Settings → Import, opening balances (issue 43): the shop's customers first, then a 1,000-row file of
// the old books' unpaid invoices, headed as the due list's export heads them, imported offline, a
// reload, back online → on the server once; the reconciliation's total still due is the file's
// Σ (Total − Paid) and the shop's; the same file again → nothing new.

const customers = 100;
const invoices = 1_000;
const bom = '\ufeff';
const phoneOf = (customer: number) => `0775${String(customer).padStart(6, '0')}`;

function customersCsv(): string {
  const lines = ['Customer Name,Phone,Address,Make,Model,Year,License Plate'];
  for (let c = 0; c < customers; c++) lines.push(`Owner ${c},${phoneOf(c)},"${c}, Kandy Road",Toyota,Vitz,2016,CBF-${2000 + c}`);
  return bom + lines.join('\r\n');
}

/**
 * 1,000 unpaid invoices, ten a customer: days written dd/MM/yyyy and yyyy-MM-dd, some without a due
 * date, some found by name alone (no phone), amounts plain and as 'Rs. 1,250.50', and the due list's
 * 'Due' column beside Paid. Returns the file and what it says is still due, in cents.
 */
function openingBalancesCsv(): { csv: string; dueCents: number } {
  const lines = ['Invoice No,Customer Name,Phone,Date,Due Date,Total,Paid,Due'];
  let dueCents = 0;
  for (let i = 0; i < invoices; i++) {
    const customer = i % customers;
    const day = 1 + (i % 28);
    const month = 1 + (i % 12);
    const date = i % 2 ? `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/2025` : `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const dueDate = i % 5 === 0 ? '' : '31/12/2025';
    const totalCents = 100_000 + i * 1_050;
    const paidCents = i % 3 === 0 ? 0 : 25_000;
    const rupees = (cents: number) => (cents / 100).toFixed(2);
    const total =
      i % 4 === 0
        ? `"Rs. ${Math.floor(totalCents / 100_000)},${String(Math.floor(totalCents / 100) % 1000).padStart(3, '0')}.${String(totalCents % 100).padStart(2, '0')}"`
        : rupees(totalCents);
    const phone = i % 7 === 0 ? '' : phoneOf(customer);
    lines.push(`OLD-${10_000 + i},Owner ${customer},${phone},${date},${dueDate},${total},${rupees(paidCents)},${rupees(totalCents - paidCents)}`);
    dueCents += totalCents - paidCents;
  }
  return { csv: bom + lines.join('\r\n'), dueCents };
}

/** The server's due list: how many invoices still owe, and what they owe (its X-Total-Count and X-Total-Due). */
async function serverDue(request: APIRequestContext, token: string): Promise<{ count: number; due: string }> {
  const response = await request.get('/api/sales/due-invoices?limit=1', { headers: { token } });
  expect(response.ok(), await response.text()).toBe(true);
  return { count: Number(response.headers()['x-total-count']), due: response.headers()['x-total-due']! };
}

test('opening balances imported offline reach the server once; the same file again adds nothing', async ({ page, context, request }) => {
  test.setTimeout(300_000);
  await adminToken(request);
  await loginAs(page, admin);
  await waitForSynced(page);
  await waitForServiceWorkerControl(page);
  await page.goto('/settings/import');
  const screen = new ImportScreen(page);

  // The customers first: an opening balance is a customer's invoice.
  await screen.choose('Customers with vehicles', 'customers.csv', customersCsv());
  await expect(screen.tally('Customers')).toHaveText([String(customers), '0', '0']);
  await screen.importAll();
  await waitForSynced(page, 60_000);

  await context.setOffline(true);
  const { csv, dueCents } = openingBalancesCsv();
  await screen.choose('Opening balances', 'due-list.csv', csv);
  await expect(screen.dryRun).toContainText('No problems found.');
  await expect(screen.tally('Opening invoices')).toHaveText([String(invoices), '0', '0']);
  await screen.importAll();
  // The reconciliation: the file's total still due beside the shop's (which held none before).
  await expect(screen.reconciled('Total still due')).toHaveText([formatMoney(dueCents), formatMoney(dueCents)]);

  // Offline still, the app restarts from its service worker with every opening balance queued.
  await page.reload();
  await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
  expect(await storeCount(page, 'outbox')).toBe(invoices);

  await context.setOffline(false);
  await waitForSynced(page, 120_000);
  const token = await tokenFrom(page);
  expect(await serverDue(request, token)).toEqual({ count: invoices, due: (dueCents / 100).toFixed(2) });
  const listed = await request.get('/api/sales/sales-invoices?q=OB-OLD-&limit=1', { headers: { token } });
  expect(((await listed.json()) as { total: number }).total).toBe(invoices);

  // The same file again: every invoice is found by its number, nothing is written.
  await page.goto('/settings/import');
  await screen.choose('Opening balances', 'due-list.csv', csv);
  await expect(screen.tally('Opening invoices')).toHaveText(['0', '0', String(invoices)]);
  await expect(screen.dryRun.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  expect(await storeCount(page, 'outbox')).toBe(0);
  expect(await serverDue(request, token)).toEqual({ count: invoices, due: (dueCents / 100).toFixed(2) });

  // A file with problems names each row: a number twice, a customer the shop does not have, paid above the total.
  const bad = [
    'Invoice No,Customer Name,Phone,Date,Due Date,Total,Paid',
    'NEW-1,Owner 1,0775000001,01/02/2025,,1000,0',
    'NEW-1,Owner 2,0775000002,01/02/2025,,500,0',
    'NEW-2,Stranger,0700000000,01/02/2025,,500,0',
    'NEW-3,Owner 3,0775000003,2025-02-01,,500,600',
  ].join('\r\n');
  await screen.choose('Opening balances', 'bad.csv', bad);
  const problems = screen.dryRun.locator('.import-problems li');
  await expect(problems).toHaveText([
    'Row 3, Invoice No: Invoice No NEW-1 is also on row 2.',
    'Row 4, Phone: No customer with the phone 0700000000 in the shop: import your customers first (Customers with vehicles), then this file.',
    'Row 5, Paid: Paid cannot be more than the Total.',
  ]);
  await expect(screen.tally('Opening invoices')).toHaveText(['1', '0', '0']);

  // Undo says why it cannot: an invoice is never deleted, and the import stays as it was.
  await page.getByRole('button', { name: 'Undo import of due-list.csv' }).click();
  await expect(page.locator('.past-imports').getByRole('alert')).toHaveText(
    'Opening balances cannot be undone: each is an invoice, and an invoice is never deleted. They stay under their numbers; importing the file again changes nothing.',
  );
  await expect(page.locator('.past-imports tr', { hasText: 'due-list.csv' })).toContainText('Finished');
  expect(await storeCount(page, 'outbox')).toBe(0);
});
