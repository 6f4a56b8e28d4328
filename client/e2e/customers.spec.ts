import type { APIRequestContext, Locator, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { ListPage } from './support/list-page';
import { AppShell } from './support/app-shell';
import { loginAs } from './support/login-page';
import { adminToken, api, tokenFrom } from './support/server-api';
import { snap } from './support/screenshots';
import { outboxCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin, type TestUser } from './support/users';
import { answerConfirmation } from './support/in-page-confirm';

interface ServerVehicle {
  make: string;
  model: string;
  year: number;
  licensePlate: string;
  vin: string;
}

interface ServerCustomer {
  _id: string;
  customerName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  isGuest: boolean;
  vehicles: ServerVehicle[];
}

type CustomerLabel = 'Customer Name' | 'Contact Person' | 'Email' | 'Phone' | 'Address' | 'City';
type VehicleLabel = 'Make' | 'Model' | 'Year' | 'License Plate' | 'VIN';

/** /customers: the customer list and its add/edit modal with one group per vehicle. */
class CustomersPage extends ListPage {
  readonly search: Locator;
  readonly addButton: Locator;
  readonly modal: Locator;

  constructor(page: Page) {
    super(page, page.getByRole('heading', { level: 1, name: /^Customers/ }), 'table.customers-table', 'Loading customers...');
    this.search = page.getByPlaceholder('Search Customers...');
    this.addButton = page.getByRole('button', { name: '+ Add New Customer' });
    this.modal = page.getByRole('dialog', { name: /^(Add New Customer & Vehicle Details|Edit Customer)$/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/customers');
    await this.expectLoaded();
  }

  field(label: CustomerLabel): Locator {
    return this.modal.getByLabel(label, { exact: true });
  }

  vehicle(number: number): Locator {
    return this.modal.getByRole('group', { name: `Vehicle ${number}`, exact: true });
  }

  vehicleField(number: number, label: VehicleLabel): Locator {
    return this.vehicle(number).getByLabel(label, { exact: true });
  }

  async fill(values: Partial<Record<CustomerLabel, string>>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label as CustomerLabel).fill(value);
  }

  async fillVehicle(number: number, values: Partial<Record<VehicleLabel, string>>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.vehicleField(number, label as VehicleLabel).fill(value);
  }

  async save(): Promise<void> {
    await this.modal.getByRole('button', { name: 'Save Customer' }).click();
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.locator('td:first-child', { hasText: name }) });
  }

  /** A warning toast shows the message; it is dismissed so the next one is not left waiting (2 at once). */
  async expectWarning(message: string): Promise<void> {
    const toast = this.page.locator('.toast-warning').filter({ hasText: message });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(this.modal).toBeVisible();
  }
}

async function serverCustomers(request: APIRequestContext, token: string, search: string): Promise<ServerCustomer[]> {
  return (await api<{ customers: ServerCustomer[] }>(request, token, 'get', `/api/customers?search=${encodeURIComponent(search)}`)).customers;
}

const vehicle = (make: string, licensePlate: string) => ({ make, model: 'Model', year: 2019, licensePlate, vin: '' });

test.describe('customers', () => {
  test.describe.configure({ mode: 'serial' });
  const run = Date.now().toString(36).slice(-5);
  const digits = String(Date.now()).slice(-6);

  test('add with two vehicles after every validation message, edit, delete', async ({ page, request }, testInfo) => {
    await adminToken(request);
    await loginAs(page, admin);
    const customers = new CustomersPage(page);
    await customers.goto();

    await customers.addButton.click();
    await expect(customers.modal).toBeVisible();
    await expect(customers.modal.getByRole('heading', { name: 'Customer Information' })).toBeVisible();
    await expect(customers.modal.getByRole('heading', { name: 'Vehicle Information' })).toBeVisible();
    // One vehicle: nothing to remove.
    await expect(customers.modal.getByRole('button', { name: /^Remove vehicle/ })).toHaveCount(0);

    // Spec 5, in order: each failure warns and stops; fixing it reveals the next.
    const name = `Nimal Perera ${run}`;
    await customers.save();
    await customers.expectWarning('Customer Name is required.');
    await customers.fill({ 'Customer Name': name });
    await customers.save();
    await customers.expectWarning('Email is required.');
    await customers.fill({ Email: `nimal.${run}@mail` });
    await customers.save();
    await customers.expectWarning('Please enter a valid email address.');
    await customers.fill({ Email: `Nimal.${run}@Mail.lk` });
    await customers.save();
    await customers.expectWarning('Phone number is required.');
    await customers.fill({ Phone: '0771234567' });
    await customers.save();
    await customers.expectWarning('Address is required.');
    await customers.fill({ Address: '12 Galle Road', 'Contact Person': 'Kamal', City: 'Colombo' });
    await customers.save();
    await customers.expectWarning('Vehicle make is required.');
    await customers.fillVehicle(1, { Make: 'Toyota' });
    await customers.save();
    await customers.expectWarning('Vehicle model is required.');
    await customers.fillVehicle(1, { Model: 'Axio', Year: '1899' });
    await customers.save();
    await customers.expectWarning('Valid vehicle year is required (e.g., 2020).');
    await customers.fillVehicle(1, { Year: '2018' });
    await customers.save();
    await customers.expectWarning('Vehicle license plate is required.');
    await customers.fillVehicle(1, { 'License Plate': `cab-${run}` });

    // A second vehicle: now each vehicle can be removed; its own rules apply too.
    await customers.modal.getByRole('button', { name: 'Add Another Vehicle' }).click();
    await expect(customers.vehicle(2)).toBeVisible();
    await expect(customers.modal.getByRole('button', { name: /^Remove vehicle/ })).toHaveCount(2);
    await customers.fillVehicle(2, { Make: 'Honda', Model: 'Fit', Year: String(new Date().getFullYear() + 6), 'License Plate': `kx-${run}` });
    await customers.save();
    await customers.expectWarning('Valid vehicle year is required (e.g., 2020).');
    await customers.fillVehicle(2, { Year: '2015', VIN: 'JHM123' });
    await snap(page, testInfo, 'customers-01-modal');
    await customers.save();
    await expect(customers.toast('New customer added successfully!')).toBeVisible();
    await expect(customers.modal).toHaveCount(0);

    await customers.search.fill(run);
    const row = customers.row(name);
    await expect(row.locator('td')).toHaveText([name, 'Kamal', `nimal.${run}@mail.lk`, '0771234567', '2 vehicles', 'Colombo', /Edit.*Delete/], { useInnerText: true });
    await expect(row.locator('td').nth(4)).toHaveAttribute('title', `Toyota Axio (2018) CAB-${run.toUpperCase()}\nHonda Fit (2015) KX-${run.toUpperCase()}`);

    // The server holds it once, vehicles and all.
    await waitForSynced(page);
    const token = await tokenFrom(page);
    const [stored, ...others] = await serverCustomers(request, token, name);
    expect(others).toHaveLength(0);
    expect(stored).toMatchObject({
      customerName: name,
      contactPerson: 'Kamal',
      email: `nimal.${run}@mail.lk`,
      address: '12 Galle Road',
      vehicles: [
        { make: 'Toyota', model: 'Axio', year: 2018, licensePlate: `CAB-${run.toUpperCase()}`, vin: '' },
        { make: 'Honda', model: 'Fit', year: 2015, licensePlate: `KX-${run.toUpperCase()}`, vin: 'JHM123' },
      ],
    });
    const total = (await api<{ total: number }>(request, token, 'get', '/api/customers')).total;
    await expect(customers.heading).toHaveText(`Customers (${total})`);

    // Edit: the same modal, prefilled; drop the second vehicle and the contact person.
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    // Editing says so; the spec's title stays for a new customer.
    await expect(page.getByRole('dialog', { name: 'Edit Customer' })).toBeVisible();
    await expect(customers.modal).toBeVisible();
    await expect(customers.field('Customer Name')).toHaveValue(name);
    await expect(customers.field('Email')).toHaveValue(`nimal.${run}@mail.lk`);
    await expect(customers.vehicleField(1, 'License Plate')).toHaveValue(`CAB-${run.toUpperCase()}`);
    await expect(customers.vehicleField(2, 'Year')).toHaveValue('2015');
    await customers.modal.getByRole('button', { name: 'Remove vehicle 2' }).click();
    await expect(customers.vehicle(2)).toHaveCount(0);
    await expect(customers.modal.getByRole('button', { name: /^Remove vehicle/ })).toHaveCount(0);
    await customers.fill({ 'Contact Person': '', City: 'Kandy' });
    await customers.save();
    await expect(customers.toast('Customer updated successfully!')).toBeVisible();
    await expect(customers.modal).toHaveCount(0);
    await expect(row.locator('td')).toHaveText([name, 'N/A', `nimal.${run}@mail.lk`, '0771234567', `Toyota CAB-${run.toUpperCase()}`, 'Kandy', /Edit.*Delete/], {
      useInnerText: true,
    });
    await snap(page, testInfo, 'customers-02-list');
    await waitForSynced(page);
    expect((await serverCustomers(request, token, name))[0]).toMatchObject({ contactPerson: '', city: 'Kandy', vehicles: [{ make: 'Toyota' }] });

    // Delete asks the spec's question first; dismissing keeps the customer.
    const questions: string[] = [];
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    questions.push(await answerConfirmation(page, 'Cancel'));
    await expect(row).toHaveCount(1);
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    questions.push(await answerConfirmation(page, 'Delete'));
    await expect(customers.toast('Customer deleted successfully!')).toBeVisible();
    expect(questions).toEqual(Array(2).fill('Are you sure you want to delete this customer? This action cannot be undone.'));
    await expect(customers.rows).toHaveText(['No customers found.']);
    await waitForSynced(page);
    expect(await serverCustomers(request, token, name)).toEqual([]);
  });

  test('30 customers page 25 at a time; the search covers name, contact, email and phone and resets to page 1', async ({ page, request }, testInfo) => {
    const token = await adminToken(request);
    const tag = `Pg${run}`;
    for (let n = 1; n <= 30; n++) {
      const number = String(n).padStart(2, '0');
      await api(request, token, 'post', '/api/customers', {
        id: null,
        customerName: `${tag} Customer ${number}`,
        contactPerson: n === 5 ? `Sunil ${tag}` : n % 4 === 0 ? '' : 'Front desk',
        email: `c${number}.${tag.toLowerCase()}@mail.lk`,
        phone: `07${digits}${number}`,
        address: `${n} Temple Road`,
        city: n % 3 === 0 ? '' : 'Negombo',
        vehicles: n === 9 ? [vehicle('Nissan', `NS-${number}`), vehicle('Mazda', `MZ-${number}`), vehicle('Kia', `KI-${number}`)] : [vehicle('Suzuki', `SZ-${number}`)],
        isGuest: n === 30,
      });
    }
    const total = (await api<{ total: number }>(request, token, 'get', '/api/customers')).total;
    expect(total).toBeGreaterThanOrEqual(30);

    await loginAs(page, admin);
    const customers = new CustomersPage(page);
    await customers.goto();
    // The device pulls the server's customers; the heading counts them all.
    await expect(customers.heading).toHaveText(`Customers (${total})`, { timeout: 20_000 });
    await expect(customers.caption).toHaveText(`Showing 1-${Math.min(25, total)} of ${total}`);

    await customers.search.fill(tag.toUpperCase());
    await expect(customers.caption).toHaveText('Showing 1-25 of 30');
    await expect(customers.rows).toHaveCount(25);
    await expect(customers.rows.first().locator('td').first()).toHaveText(`${tag} Customer 01`, { useInnerText: true });
    await expect(customers.row(`${tag} Customer 09`).locator('td').nth(4)).toHaveText('3 vehicles', { useInnerText: true });
    await expect(customers.row(`${tag} Customer 03`).locator('td').nth(5)).toHaveText('N/A', { useInnerText: true });
    await expect(customers.row(`${tag} Customer 04`).locator('td').nth(1)).toHaveText('N/A', { useInnerText: true });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(customers.caption).toHaveText('Showing 26-30 of 30');
    await expect(customers.rows).toHaveCount(5);
    await expect(customers.rows.first().locator('td').first()).toHaveText(`${tag} Customer 26`, { useInnerText: true });
    await expect(customers.row(`${tag} Customer 30`).locator('td').first()).toHaveText(`${tag} Customer 30Guest`, { useInnerText: true });
    await expect(customers.row(`${tag} Customer 30`).locator('.guest-badge')).toHaveText('Guest');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await snap(page, testInfo, 'customers-03-page-2');
    await page.getByRole('button', { name: '1', exact: true }).click();
    await expect(customers.caption).toHaveText('Showing 1-25 of 30');
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(customers.caption).toHaveText('Showing 26-30 of 30');

    // A new search starts again at page 1: by contact person, email, then phone.
    await customers.search.fill(`sunil ${tag.toLowerCase()}`);
    await expect(customers.caption).toHaveText('Showing 1-1 of 1');
    await expect(customers.rows.first().locator('td').first()).toHaveText(`${tag} Customer 05`, { useInnerText: true });
    await customers.search.fill(`C12.${tag}@MAIL.LK`);
    await expect(customers.caption).toHaveText('Showing 1-1 of 1');
    await expect(customers.rows.first().locator('td').first()).toHaveText(`${tag} Customer 12`, { useInnerText: true });
    await customers.search.fill(`07${digits}17`);
    await expect(customers.rows.first().locator('td').first()).toHaveText(`${tag} Customer 17`, { useInnerText: true });
    await expect(customers.caption).toHaveText('Showing 1-1 of 1');
    await customers.search.fill(`nobody-like-this-${run}`);
    await expect(customers.rows).toHaveText(['No customers found.']);
    await expect(customers.caption).toHaveCount(0);
  });

  test('Staff may add and edit customers but sees no Delete', async ({ page, request }) => {
    const token = await adminToken(request);
    const staffUser: TestUser = { name: 'Customer Desk', email: `desk.${run}@garage.test`, password: 'secret-789' };
    await api(request, token, 'post', '/api/user/save-user', { id: null, ...staffUser, phoneNo: '', role: 'Staff', status: true });
    await loginAs(page, staffUser);
    const customers = new CustomersPage(page);
    await customers.goto();
    await customers.search.fill(`Pg${run}`);
    await expect(customers.rows).toHaveCount(25);
    await expect(customers.rows.getByRole('button', { name: /^Edit / })).toHaveCount(25);
    await expect(customers.rows.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(customers.addButton).toBeVisible();
  });

  test('a customer added and edited offline survives an offline reload and reaches the server once', async ({ page, context, request }, testInfo) => {
    await adminToken(request);
    await loginAs(page, admin);
    const customers = new CustomersPage(page);
    const shell = new AppShell(page);
    await customers.goto();
    await waitForSynced(page);
    const token = await tokenFrom(page);
    // The service worker must control the page before the network goes away.
    await waitForServiceWorkerControl(page);
    await customers.expectLoaded();

    await context.setOffline(true);
    await expect(shell.syncIndicator).toContainText('Offline');
    const name = `Offline Fernando ${run}`;
    await customers.addButton.click();
    await customers.fill({ 'Customer Name': name, Email: `offline.${run}@mail.lk`, Phone: '0719876543', Address: '3 Lake Road', City: 'Galle' });
    await customers.fillVehicle(1, { Make: 'Suzuki', Model: 'Alto', Year: '2012', 'License Plate': `OF-${run}` });
    await customers.save();
    await expect(customers.toast('New customer added successfully!')).toBeVisible();
    await customers.search.fill(name);
    await expect(customers.row(name)).toHaveCount(1);
    await expect(shell.unsyncedCount).toHaveText('1');

    // An edit sends only what changed.
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await customers.fill({ City: 'Matara' });
    await customers.save();
    await expect(customers.toast('Customer updated successfully!')).toBeVisible();
    await expect.poll(() => outboxCount(page)).toBe(2);
    const edit = await page.evaluate(async () => {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('garage');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        return await new Promise<{ name: string; args: Record<string, unknown> }[]>((resolve, reject) => {
          const request = idb.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally {
        idb.close();
      }
    });
    expect(edit.map((entry) => entry.name)).toEqual(['createCustomer', 'updateCustomer']);
    expect(Object.keys(edit[1]!.args).sort()).toEqual(['city', 'id']);
    expect(await serverCustomers(request, token, name)).toEqual([]);

    // A reload with no network: the service worker starts the app, the device still lists it.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the document came from the service worker').toBe(true);
    await customers.expectLoaded();
    await customers.search.fill(name);
    await expect(customers.row(name).locator('td').nth(5)).toHaveText('Matara', { useInnerText: true });
    await expect(shell.syncIndicator).toContainText('Offline');
    await expect(shell.unsyncedCount).toHaveText('2');
    await snap(page, testInfo, 'customers-04-offline-reloaded');

    await context.setOffline(false);
    await waitForSynced(page);
    const stored = await serverCustomers(request, token, name);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ customerName: name, city: 'Matara', vehicles: [{ make: 'Suzuki', licensePlate: `OF-${run.toUpperCase()}`, year: 2012 }] });
    await expect(customers.row(name)).toHaveCount(1);
  });
});
