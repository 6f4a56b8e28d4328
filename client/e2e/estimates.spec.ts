import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';
import { captureOpenedLinks, openedLinks } from './support/whatsapp';
import { answerConfirmation } from './support/in-page-confirm';
import { device, expectFits, look, sizes } from './support/fit-checks';
import { customerBody, itemBody } from '../../tests/factories';
import { addMonths } from '@shared/domain/service-due';

// Issue 45: an estimate of 3 lines written on the tablet offline; the customer approves 2 and
// declines 1; the approved ones are a job card at once (same lines, same prices), finished; the
// declined line is said at the vehicle's next check-in and on its history. The oil change carries an
// interval of 6 months, so the finished job makes the vehicle due then, on the Reminders list offline,
// with the declined pads beside it as work to follow up.

const tag = Date.now().toString(36).slice(-5).toUpperCase();
const catalogue = { oil: `Oil Change ${tag}`, align: `Wheel Alignment ${tag}`, pads: `Front Brake Pads ${tag}` };
const customer = { name: `Nirosha Silva ${tag}`, plate: `CAR-${tag}` };

interface ApiJob {
  _id: string;
  status: string;
  vehicleLicensePlate: string;
  jobServices: { serviceName: string; servicePrice: number }[];
  jobItems: { itemName: string }[];
}

test.describe('an estimate on the tablet, offline', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('3 lines, 2 approved: a job card of those 2, finished; the declined one shown at the next check-in', async ({ page, context, request, browser }, testInfo) => {
    const token = await adminToken(request);
    await api(request, token, 'post', '/api/categories', { name: `Brakes ${tag}` });
    const category = (await api<{ categories: { _id: string; name: string }[] }>(request, token, 'get', '/api/categories')).categories.find((c) => c.name === `Brakes ${tag}`)!;
    await api(request, token, 'post', '/api/services', { name: catalogue.oil, price: 2500, intervalMonths: 6 });
    await api(request, token, 'post', '/api/services', { name: catalogue.align, price: 3000 });
    await api(request, token, 'post', '/api/items', itemBody(category._id, { itemName: catalogue.pads, barcode: `PAD${tag}`, unitPrice: 8500 }));
    const created = await api<{ customer: { id: string } }>(
      request,
      token,
      'post',
      '/api/customers',
      customerBody(customer.name, '0771234567', { make: 'Toyota', model: 'Axio', licensePlate: customer.plate }),
    );

    // WhatsApp is never opened for real: the link is kept to be checked.
    await captureOpenedLinks(page);
    await loginAs(page, admin);
    await waitForServiceWorkerControl(page);
    await waitForSynced(page);
    await context.setOffline(true);
    await page.goto('/transaction/estimates');
    await expect(new AppShell(page).syncIndicator).toContainText('Offline');

    // The estimate: the customer, then three lines from the catalogue.
    await page.getByRole('button', { name: '+ New Estimate' }).click();
    const form = page.getByRole('dialog', { name: 'New Estimate' });
    await form.getByLabel('Find a customer').fill(customer.name.split(' ')[0]!);
    await form.getByRole('button', { name: new RegExp(customer.name) }).click();
    await expect(form.getByLabel('Vehicle Reg Number')).toHaveValue(customer.plate);
    for (const name of [catalogue.oil, catalogue.align, catalogue.pads]) {
      await form.getByLabel('Add a service or part').fill(name);
      await form.getByRole('button', { name: new RegExp(name) }).click();
    }
    await expect(form.getByTestId('estimate-total')).toHaveText('Rs. 14,000.00');
    await form.getByRole('button', { name: 'Save Estimate' }).click();
    await expect(page).toHaveURL(/\/estimates\//);
    await expect(page.getByRole('heading', { name: /Estimate EST-D[A-Z0-9]+-00001/ })).toBeVisible();

    // The customer's answer: oil change and alignment yes, the pads no.
    await page
      .getByRole('radiogroup', { name: `Answer for ${catalogue.oil}` })
      .getByLabel('Approve')
      .check();
    await page
      .getByRole('radiogroup', { name: `Answer for ${catalogue.align}` })
      .getByLabel('Approve')
      .check();
    await page
      .getByRole('radiogroup', { name: `Answer for ${catalogue.pads}` })
      .getByLabel('Decline')
      .check();
    await page.getByRole('button', { name: 'Record decision' }).click();
    await expect(page.getByTestId('estimate-status')).toHaveText('Decided');
    await expect(page.getByTestId('estimate-job')).toContainText('Job card (number pending)');

    // The job card, made on the tablet in the same step, holds the two approved lines; finish it.
    await page.getByTestId('estimate-job').getByRole('link').click();
    await expect(page.locator('body')).toContainText(catalogue.oil);
    await expect(page.locator('body')).toContainText(catalogue.align);
    await expect(page.locator('body')).not.toContainText(catalogue.pads);
    await page.goto('/transaction/job-card');
    await page.getByRole('tab', { name: 'Current Jobs' }).click();
    await page
      .getByRole('button', { name: /^Finish / })
      .first()
      .click();
    await answerConfirmation(page, 'Finish');
    // Finished (and the vehicle's reminder saved with it), the register opens on the job.
    await expect(page).toHaveURL(/jobId=/);

    // Still offline: the vehicle is due for its oil change in 6 months, the pads are work to follow up.
    const today = new Date();
    const dayOf = (date: Date) => `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
    const localToday = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const inSixMonths = addMonths(localToday, 6).split('-').reverse().join('/');
    await page.goto('/transaction/reminders');
    await page.getByLabel('Period').selectOption({ label: 'All' });
    await page.getByRole('searchbox', { name: 'Search reminders' }).fill(customer.plate);
    const due = page.locator('.reminders-table tbody tr').filter({ hasText: customer.plate });
    await expect(due).toHaveCount(1);
    await expect(due).toContainText(inSixMonths);
    await expect(due).toContainText(catalogue.oil);
    await expect(due).not.toContainText(catalogue.align);
    // Send: WhatsApp at the customer with the reminder in their language (English), and the opening logged.
    await due.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => openedLinks(page).then((links) => links.length)).toBe(1);
    const link = new URL((await openedLinks(page))[0]!.url);
    expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/94771234567');
    expect(link.searchParams.get('text')).toContain(`Your vehicle ${customer.plate} is due for ${catalogue.oil} (${inSixMonths}).\nPlease call`);
    await expect(due).toContainText(/Opened by .+ at \d{2}\/\d{2}\/\d{4}/);
    const declinedRow = page.locator('.declined-table tbody tr').filter({ hasText: customer.plate });
    await expect(declinedRow).toContainText(`Declined ${dayOf(today)}: ${catalogue.pads}, Rs. 8,500.00`);
    // Within this week it is not due yet.
    await page.getByLabel('Period').selectOption({ label: 'Due this week' });
    await expect(page.locator('.reminders-table')).toContainText('No vehicles are due in this period.');
    await page.getByLabel('Period').selectOption({ label: 'All' });

    // Online again: the server holds the estimate, its job (finished, the two lines at the quoted prices).
    await context.setOffline(false);
    await waitForSynced(page, 40_000);
    const jobs = (await api<{ results: ApiJob[] }>(request, token, 'get', `/api/job-cards/report?limit=50&vehicleReg=${encodeURIComponent(customer.plate)}`)).results;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.status).toBe('Finished');
    expect(jobs[0]!.jobServices.map((s) => [s.serviceName, s.servicePrice]).sort()).toEqual(
      [
        [catalogue.align, 3000],
        [catalogue.oil, 2500],
      ].sort(),
    );
    expect(jobs[0]!.jobItems).toEqual([]);
    // And the vehicle's reminder the tablet saved.
    const pulled = await api<{ changes: { table: string; row?: { vehicleLicensePlate: string; dueDate: string } }[] }>(
      request,
      token,
      'get',
      `/api/sync/pull?limit=5000&scope=1&protocol=13&tables=serviceReminders`,
    );
    const reminders = pulled.changes.filter((change) => change.row?.vehicleLicensePlate === customer.plate).map((change) => [change.row!.vehicleLicensePlate, change.row!.dueDate]);
    expect(reminders).toEqual([[customer.plate, addMonths(localToday, 6)]]);

    // The vehicle's next check-in says what was declined, with its date and price.
    const day = dayOf(today);
    await page.goto('/transaction/job-card');
    await page.locator('.picker-button').click();
    const picker = page.getByRole('dialog', { name: 'Choose a customer' });
    await picker.getByRole('searchbox', { name: 'Search customers' }).fill(customer.name);
    await picker.getByRole('option').filter({ hasText: customer.name }).getByRole('button').click();
    const note = page.getByRole('note', { name: 'Declined work' });
    await expect(note).toContainText(`Declined ${day}: ${catalogue.pads}, Rs. 8,500.00`);
    // And on the vehicle's history.
    await page.goto(`/vehicles/${encodeURIComponent(customer.plate)}`);
    await expect(page.getByRole('note', { name: 'Declined work' })).toContainText(`${catalogue.pads}, Rs. 8,500.00`);

    // The Reminders list fits the tablet both ways and the counter PC.
    for (const size of sizes) {
      const other = await device(browser, size);
      await other.goto('/transaction/reminders');
      await other.getByLabel('Period').selectOption({ label: 'All' });
      await expect(other.locator('.reminders-table tbody tr', { hasText: customer.plate })).toBeVisible();
      await expectFits(other, size, 'Reminders');
      await look(other, testInfo, size, 'reminders');
      await other.context().close();
    }

    // A customer who asks for no reminders leaves the list: the service due and the declined work alike.
    await page.goto(`/customers?edit=${created.customer.id}`);
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByLabel('No reminders').check();
    await edit.getByRole('button', { name: 'Save Customer' }).click();
    await expect(edit).toBeHidden();
    // The server takes the customer's vehicles off the list; the device pulls it.
    await waitForSynced(page, 40_000);
    await page.goto('/transaction/reminders');
    await page.getByLabel('Period').selectOption({ label: 'All' });
    await page.getByRole('searchbox', { name: 'Search reminders' }).fill(customer.plate);
    await expect(page.locator('.reminders-table')).toContainText('No vehicles are due in this period.');
    await expect(page.locator('.declined-table')).toContainText('No declined work to follow up in this period.');
  });
});
