import type { Page } from 'playwright/test';

export interface NewCustomer {
  name: string;
  email: string;
  phone: string;
  address: string;
  vehicle: { make: string; model: string; year: string; licensePlate: string };
}

/** Opens '+ Add New Customer' on /customers, fills the form with one vehicle and saves it. */
export async function addCustomerThroughForm(page: Page, customer: NewCustomer): Promise<void> {
  await page.getByRole('button', { name: '+ Add New Customer' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Customer & Vehicle Details' });
  await form.getByLabel('Customer Name', { exact: true }).fill(customer.name);
  await form.getByLabel('Email', { exact: true }).fill(customer.email);
  await form.getByLabel('Phone', { exact: true }).fill(customer.phone);
  await form.getByLabel('Address', { exact: true }).fill(customer.address);
  const vehicle = form.getByRole('group', { name: 'Vehicle 1', exact: true });
  await vehicle.getByLabel('Make', { exact: true }).fill(customer.vehicle.make);
  await vehicle.getByLabel('Model', { exact: true }).fill(customer.vehicle.model);
  await vehicle.getByLabel('Year', { exact: true }).fill(customer.vehicle.year);
  await vehicle.getByLabel('License Plate', { exact: true }).fill(customer.vehicle.licensePlate);
  await form.getByRole('button', { name: 'Save Customer' }).click();
}
