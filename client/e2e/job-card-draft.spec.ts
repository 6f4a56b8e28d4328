import type { APIRequestContext, Locator, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { AppShell } from './support/app-shell';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { answerConfirmation, confirmation, recordBrowserDialogs } from './support/in-page-confirm';
import { customerBody, itemBody } from '../../tests/factories';

// Issue 47, point 1: a job card being written keeps everything typed on both tabs until it is saved
// or discarded on purpose, through tab switches, a reload and going offline (a draft on the device);
// one Save saves it all, or says beside each field what is missing. No browser dialog, ever.

const run = Date.now().toString(36).slice(-5);

interface ApiJob {
  _id: string;
  jobNumber: string | null;
  vehicleLicensePlate: string;
  currentMileage: number;
  jobType: string;
  actionTaken: string;
  jobItems: { itemName: string; quantity: number }[];
  jobServices: { serviceName: string }[];
}

async function serverJobsFor(request: APIRequestContext, token: string, plate: string): Promise<ApiJob[]> {
  const body = await api<{ results: ApiJob[] }>(request, token, 'get', `/api/job-cards/report?limit=50&vehicleReg=${encodeURIComponent(plate)}`);
  return body.results.filter((job) => job.vehicleLicensePlate === plate);
}

/** The Job Card screen's two form tabs as a mechanic fills them. */
class JobCardForm {
  constructor(readonly page: Page) {}

  tab(name: 'Vehicle Details' | 'Job Detail' | 'Current Jobs' | 'Finished Jobs'): Locator {
    return this.page.getByRole('tab', { name });
  }

  async showTab(name: 'Vehicle Details' | 'Job Detail' | 'Current Jobs'): Promise<void> {
    await this.tab(name).click();
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  toast(text: string): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }

  get mileage(): Locator {
    return this.page.getByLabel('Current Mileage (km)');
  }

  get problem(): Locator {
    return this.page.getByLabel('Problem Description');
  }

  lines(): Locator {
    return this.page.locator('table.job-lines-table tbody tr');
  }

  async pickCustomer(name: string): Promise<void> {
    await this.page.locator('.picker-button').click();
    const panel = this.page.getByRole('dialog', { name: 'Choose a customer' });
    await panel.getByRole('searchbox', { name: 'Search customers' }).fill(name);
    await panel.getByRole('option').filter({ hasText: name }).getByRole('button').click();
    await expect(panel).toHaveCount(0);
  }

  async addLine(kind: 'Service' | 'Item', text: string, options: { pick?: string; quantity?: string; price?: string; button: string }): Promise<void> {
    const page = this.page;
    await page.getByRole('radio', { name: kind }).click();
    await page.getByLabel(`Search/Add ${kind}`).fill(text);
    if (options.pick) {
      await page
        .getByRole('listbox', { name: kind === 'Item' ? 'Items' : 'Services' })
        .getByRole('option')
        .filter({ hasText: options.pick })
        .getByRole('button')
        .click();
    }
    if (options.quantity) await page.getByLabel('Qty').fill(options.quantity);
    if (options.price) await page.getByLabel('Unit Price').fill(options.price);
    await page.locator('.line-add').getByRole('button', { name: options.button }).click();
  }

  save(): Promise<void> {
    return this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }
}

/** The element's ancestors whose overflow cuts part of it off (their box does not hold its box). */
function clippedBy(element: Element): string[] {
  const box = element.getBoundingClientRect();
  const cutters: string[] = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const around = parent.getBoundingClientRect();
    const holds = box.top >= around.top - 1 && box.bottom <= around.bottom + 1 && box.left >= around.left - 1 && box.right <= around.right + 1;
    if (!holds && parent !== document.documentElement && parent !== document.body) cutters.push(`${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}`);
  }
  return cutters;
}

const sizes = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
];

for (const size of sizes) {
  test.describe(`a job card being written, tablet ${size.name} (${size.width}×${size.height})`, () => {
    test.describe.configure({ mode: 'serial' });
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: true });

    const tag = `${size.name.slice(0, 1).toUpperCase()}${run.toUpperCase()}`;
    const catalogue = { oil: `Oil Change ${tag}`, align: `Wheel Alignment ${tag}`, pads: `Brake Pads ${tag}`, padsBarcode: `PAD-${tag}` };
    const customer = { name: `Dilani Fonseka ${tag}`, plate: `KD-${tag}` };
    const other = { name: `Ruwan Jaya ${tag}`, plate: `RJ-${tag}` };
    const customers = [customer, other, ...['Amal', 'Bimal', 'Chamari'].map((name) => ({ name: `${name} Perera ${tag}` }))];
    let token = '';

    test.beforeAll(async ({ request }) => {
      token = await adminToken(request);
      await api(request, token, 'post', '/api/categories', { name: `General ${tag}` });
      const category = (await api<{ categories: { _id?: string; id?: string; name: string }[] }>(request, token, 'get', '/api/categories')).categories.find(
        (c) => c.name === `General ${tag}`,
      )!;
      await api(request, token, 'post', '/api/services', { name: catalogue.oil, price: 2500 });
      await api(request, token, 'post', '/api/services', { name: catalogue.align, price: 3000 });
      await api(request, token, 'post', '/api/items', itemBody((category._id ?? category.id)!, { itemName: catalogue.pads, barcode: catalogue.padsBarcode, unitPrice: 4500 }));
      await api(request, token, 'post', '/api/customers', customerBody(customer.name, '0771234567', { make: 'Suzuki', model: 'Wagon R', licensePlate: customer.plate }));
      await api(request, token, 'post', '/api/customers', customerBody(other.name, '0777654321', { make: 'Honda', model: 'Fit', licensePlate: other.plate }));
      // A shop's few customers make the picker taller than the Vehicle Details card (the shop's screenshot had four).
      for (const [index, name] of ['Amal', 'Bimal', 'Chamari'].entries()) {
        await api(request, token, 'post', '/api/customers', customerBody(`${name} Perera ${tag}`, `071000000${index}`, `PB-${index}${tag}`));
      }
    });

    test('both tabs keep what was typed through tab switches, a reload and going offline; one Save saves it all, once', async ({ page, context, request }) => {
      const dialogs = recordBrowserDialogs(page);
      await loginAs(page, admin);
      await waitForServiceWorkerControl(page);
      await waitForSynced(page);
      const form = new JobCardForm(page);
      await page.goto('/transaction/job-card');

      // The customer picker shows whole, over the card's edge (issue 47: it was cut off by the card).
      await page.locator('.picker-button').click();
      const picker = page.getByRole('dialog', { name: 'Choose a customer' });
      await expect(picker.getByRole('option').filter({ hasText: customer.name })).toHaveCount(1);
      await expect.poll(() => picker.getByRole('option').count()).toBeGreaterThan(customers.length); // and the walk-in guest
      expect(await picker.evaluate(clippedBy), 'boxes around the picker that cut it off').toEqual([]);
      await snap(page, test.info(), `draft-${size.name}-00-picker`);
      await page.getByRole('dialog', { name: 'Choose a customer' }).getByRole('button', { name: 'Close' }).click();

      // Vehicle Details, then Job Detail's problem and four lines.
      await form.pickCustomer(customer.name);
      await expect(page.getByLabel('Vehicle Reg No.')).toHaveValue(customer.plate);
      await form.mileage.fill('61250');
      await form.showTab('Job Detail');
      await form.problem.fill('Knocking from the front left when turning');
      await form.addLine('Service', 'oil ch', { pick: catalogue.oil, button: 'Add Service' });
      await form.addLine('Service', 'wheel al', { pick: catalogue.align, button: 'Add Service' });
      await form.addLine('Item', catalogue.padsBarcode, { pick: catalogue.pads, quantity: '2', button: 'Add Item' });
      await form.addLine('Service', `Check ball joints ${tag}`, { price: '800', button: 'Add Service' });
      await expect(form.lines()).toHaveCount(4);

      // Back and forth between the tabs: nothing lost.
      await form.showTab('Vehicle Details');
      await expect(page.locator('.picker-button')).toContainText(customer.name);
      await expect(page.getByLabel('Vehicle Reg No.')).toHaveValue(customer.plate);
      await expect(form.mileage).toHaveValue('61250');
      await form.showTab('Job Detail');
      await expect(form.problem).toHaveValue('Knocking from the front left when turning');
      await expect(form.lines()).toHaveCount(4);
      await form.showTab('Current Jobs');
      await form.showTab('Vehicle Details');
      await expect(form.mileage).toHaveValue('61250');

      // A reload: everything is still there, and the page says it is kept on this device.
      await expect(page.getByText('Not saved yet: kept on this device')).toBeVisible();
      await page.reload();
      await expect(form.mileage).toHaveValue('61250');
      await expect(page.locator('.picker-button')).toContainText(customer.name);
      await expect(page.getByLabel('Vehicle Reg No.')).toHaveValue(customer.plate);
      await snap(page, test.info(), `draft-${size.name}-01-vehicle-after-reload`);
      await form.showTab('Job Detail');
      await expect(form.problem).toHaveValue('Knocking from the front left when turning');
      await expect(form.lines()).toHaveCount(4);
      await expect(page.locator('table.job-lines-table')).toContainText(`Check ball joints ${tag}`);

      // Offline, and the app started again with no network: still all there.
      await context.setOffline(true);
      await page.reload();
      await expect(new AppShell(page).syncIndicator).toContainText('Offline');
      await expect(form.tab('Job Detail')).toHaveAttribute('aria-selected', 'true');
      await expect(form.problem).toHaveValue('Knocking from the front left when turning');
      await expect(form.lines()).toHaveCount(4);
      await form.showTab('Vehicle Details');
      await expect(form.mileage).toHaveValue('61250');
      await form.showTab('Job Detail');

      // One Save, offline: the job card is listed at once, waiting for its number.
      await form.page.getByLabel('Action Taken').fill('Replaced the lower ball joint');
      await snap(page, test.info(), `draft-${size.name}-02-job-detail-offline`);
      await form.save();
      await expect(form.toast('Job Card created successfully!').last()).toBeVisible();
      await expect(form.tab('Current Jobs')).toHaveAttribute('aria-selected', 'true');
      const row = page.locator('table.current-jobs-table tbody tr').filter({ hasText: customer.plate });
      await expect(row).toHaveCount(1);
      await expect(row.locator('td').first()).toHaveText('Pending');
      expect(await serverJobsFor(request, token, customer.plate)).toEqual([]);

      // The draft went with the Save: a new job starts blank, after a reload too.
      await page.getByRole('button', { name: 'Add New Job' }).click();
      await expect(form.mileage).toHaveValue('');
      await page.reload();
      await expect(form.mileage).toHaveValue('');
      await expect(page.getByText('Not saved yet: kept on this device')).toHaveCount(0);

      // Online again: the server holds it once, with the problem and the four lines.
      await context.setOffline(false);
      await waitForSynced(page, 30_000);
      const jobs = await serverJobsFor(request, token, customer.plate);
      expect(jobs, 'one job for the plate on the server').toHaveLength(1);
      const [job] = jobs;
      expect(job!.jobNumber).toMatch(/^JOB-\d{4,}$/);
      expect(job!.currentMileage).toBe(61250);
      expect(job!.jobType).toBe('Knocking from the front left when turning');
      expect(job!.actionTaken).toBe('Replaced the lower ball joint');
      expect(job!.jobServices.map((line) => line.serviceName).sort()).toEqual([catalogue.oil, catalogue.align, `Check ball joints ${tag}`].sort());
      expect(job!.jobItems.map((line) => [line.itemName, line.quantity])).toEqual([[catalogue.pads, 2]]);
      expect(dialogs, 'no browser alert or confirm').toEqual([]);
    });

    test('Save with what is missing says so beside each field and loses nothing; a draft is discarded only on purpose', async ({ page }) => {
      const dialogs = recordBrowserDialogs(page);
      await loginAs(page, admin);
      await waitForSynced(page);
      const form = new JobCardForm(page);
      await page.goto('/transaction/job-card?tab=detail');

      // Job Detail first, then Save with nothing on Vehicle Details: its three messages, beside the fields.
      await form.problem.fill('Battery light stays on');
      await form.addLine('Service', 'oil ch', { pick: catalogue.oil, button: 'Add Service' });
      await form.save();
      await expect(form.tab('Vehicle Details')).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('.picker-button')).toHaveAccessibleDescription('Please select a customer.');
      await expect(page.getByLabel('Vehicle Reg No.')).toHaveAccessibleDescription('Vehicle reg number is required.');
      await expect(form.mileage).toHaveAccessibleDescription('Current mileage is required.');
      await expect(form.mileage).toHaveAttribute('aria-invalid', 'true');
      await snap(page, test.info(), `draft-${size.name}-03-missing`);

      // Filled in one by one, each message goes with its field; Job Detail kept everything.
      await form.pickCustomer(other.name);
      await expect(page.locator('.picker-button')).not.toHaveAccessibleDescription('Please select a customer.');
      await expect(page.getByLabel('Vehicle Reg No.')).toHaveValue(other.plate);
      await form.showTab('Job Detail');
      await expect(form.problem).toHaveValue('Battery light stays on');
      await expect(form.lines()).toHaveCount(1);
      await form.save();
      await expect(form.tab('Vehicle Details')).toHaveAttribute('aria-selected', 'true');
      await expect(form.mileage).toHaveAccessibleDescription('Current mileage is required.');
      await expect(form.mileage).toBeFocused();
      await form.mileage.fill('-5');
      await form.save();
      await expect(form.mileage).toHaveAccessibleDescription('Current mileage must be a whole number of 0 or more.');

      // Discard draft asks in the page; 'Keep it' keeps everything.
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await expect(confirmation(page)).toBeVisible();
      await snap(page, test.info(), `draft-${size.name}-04-discard-asks`);
      await answerConfirmation(page, 'Keep it', 'What was typed on this job card and not saved is thrown away.');
      await expect(form.mileage).toHaveValue('-5');
      await form.mileage.fill('12000');
      // Saved from Vehicle Details: a new card moves on to Job Detail (spec 2.7), its lines saved with it.
      await form.save();
      await expect(form.toast('Job Card created successfully!').last()).toBeVisible();
      await expect(form.tab('Job Detail')).toHaveAttribute('aria-selected', 'true');
      await expect(form.problem).toHaveValue('Battery light stays on');
      // The saved line, not the empty table's 'No items added yet.' row shown while the job's lines are read.
      await expect(form.lines().filter({ hasText: catalogue.oil })).toHaveCount(1);
      await expect(form.lines()).toHaveCount(1);
      await expect(page.locator('table.job-lines-table')).not.toContainText('Not saved');

      // An edited job has a draft of its own, apart from a new job's.
      await form.problem.fill('Battery light stays on; alternator belt squeals');
      await page.getByRole('button', { name: 'Add New Job' }).click();
      await expect(form.tab('Vehicle Details')).toHaveAttribute('aria-selected', 'true');
      await expect(form.mileage).toHaveValue('');
      await form.mileage.fill('777');
      await form.showTab('Current Jobs');
      await page
        .locator('table.current-jobs-table tbody tr')
        .filter({ hasText: other.plate })
        .getByRole('button', { name: /^Edit / })
        .click();
      await form.showTab('Job Detail');
      await expect(form.problem).toHaveValue('Battery light stays on; alternator belt squeals');
      await page.reload();
      await expect(form.problem).toHaveValue('Battery light stays on; alternator belt squeals');
      // Discarded on purpose: back to what was saved, and it stays so after a reload.
      await page.getByRole('button', { name: 'Discard draft' }).click();
      await answerConfirmation(page, 'Discard draft');
      await expect(form.problem).toHaveValue('Battery light stays on');
      await page.reload();
      await expect(form.problem).toHaveValue('Battery light stays on');

      // Add New Job, with a new job still being written, asks first: keep it, or start a blank one.
      await page.getByRole('button', { name: 'Add New Job' }).click();
      await answerConfirmation(page, 'Keep it', 'The new job card being written has not been saved. Discard it and start a blank one?');
      await expect(form.tab('Vehicle Details')).toHaveAttribute('aria-selected', 'true');
      await expect(form.mileage).toHaveValue('777');
      await page.getByRole('button', { name: 'Add New Job' }).click();
      await answerConfirmation(page, 'Discard and start new');
      await expect(form.mileage).toHaveValue('');
      await page.reload();
      await expect(form.mileage).toHaveValue('');
      await waitForSynced(page);
      expect(dialogs, 'no browser alert or confirm').toEqual([]);
    });
  });
}
