import type { APIRequestContext } from 'playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test, expect } from './support/fixtures';
import { ImportScreen, type ImportKindName } from './support/import-screen';
import { port as basePort } from './support/env';
import { startFreshServer, type FreshServer } from './support/fresh-server';
import { loginAs } from './support/login-page';
import { adminToken, api } from './support/server-api';
import { waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { customerBody, itemBody, saleBody, saleLine } from '../../tests/factories';
import { formatMoney } from '@shared/domain/money';

// Issue 43's round trip in the browser: a small shop (A) exported whole from Settings as one zip, and
// its customers, items, services and due list imported in that order into a new, empty shop (B, a
// second server on a new database) through Settings → Import. Each reconciliation screen shows the
// file's figures equal to the shop's, both equal shop A's real totals, and shop B's server holds
// them once after syncing.

const run = Date.now().toString(36).slice(-5);
const sinhalaNames = ['සුනිල් පෙරේරා', 'කමල් ජයසිංහ', 'නිමල් සිල්වා', 'රුවන් බණ්ඩාර'];
const tamilNames = ['முருகன் செல்வம்', 'சுனில் குமார்', 'கணேஷ் ராஜா'];
const customerCount = 20;
const itemCount = 30;
const phoneOf = (c: number) => `0776${String(c).padStart(6, '0')}`;
/** Every fourth customer has a second vehicle. */
const vehiclesOf = (c: number) => (c % 4 === 0 ? 2 : 1);

interface ShopFigures {
  customers: number;
  vehicles: number;
  items: number;
  stockValueCents: number;
  services: number;
  dueCents: number;
  dueInvoices: number;
  customerNames: string[];
  barcodes: string[];
  /** Items sold below zero, with their stock: an import must open them there, not refuse them. */
  stockBelowZero: string[];
  serviceNames: string[];
}

/** What a shop's server holds, through its API (the Admin reads cost prices). */
async function serverFigures(request: APIRequestContext, token: string): Promise<ShopFigures> {
  const customers = await api<{ total: number; customers: { customerName: string; vehicles: unknown[] }[] }>(request, token, 'get', '/api/customers?limit=500');
  const items = await api<{ total: number; items: { barcode: string; stockQuantity: number; costPrice: number }[] }>(request, token, 'get', '/api/items?limit=500');
  const services = await api<{ services: { name: string }[] }>(request, token, 'get', '/api/services');
  const due = await request.get('/api/sales/due-invoices?limit=1', { headers: { token } });
  expect(due.ok(), await due.text()).toBe(true);
  expect(customers.customers).toHaveLength(customers.total);
  expect(items.items).toHaveLength(items.total);
  return {
    customers: customers.total,
    vehicles: customers.customers.reduce((sum, customer) => sum + customer.vehicles.length, 0),
    items: items.total,
    // As the reconciliation counts it (shop-totals.ts): Σ stock × cost over items with stock above zero.
    stockValueCents: items.items.reduce(
      (sum, item) => sum + (item.stockQuantity > 0 ? Math.round((Math.round(item.stockQuantity * 100) * Math.round(item.costPrice * 100)) / 100) : 0),
      0,
    ),
    services: services.services.length,
    dueCents: Math.round(Number(due.headers()['x-total-due']) * 100),
    dueInvoices: Number(due.headers()['x-total-count']),
    customerNames: customers.customers.map((customer) => customer.customerName).sort(),
    barcodes: items.items.map((item) => item.barcode).sort(),
    stockBelowZero: items.items
      .filter((item) => item.stockQuantity < 0)
      .map((item) => `${item.barcode} ${item.stockQuantity}`)
      .sort(),
    serviceNames: services.services.map((service) => service.name).sort(),
  };
}

/** Shop A: ~20 customers with vehicles, 30 items in 3 categories (one sold below zero), 4 services, 10 sales owing and 2 paid. */
async function setUpShopA(request: APIRequestContext): Promise<void> {
  const token = await adminToken(request);
  const customerIds: string[] = [];
  const bodies: ReturnType<typeof customerBody>[] = [];
  for (let c = 0; c < customerCount; c++) {
    const name = c < sinhalaNames.length ? sinhalaNames[c]! : c < sinhalaNames.length + tamilNames.length ? tamilNames[c - sinhalaNames.length]! : `Customer ${c} ${run}`;
    const vehicles = Array.from({ length: vehiclesOf(c) }, (_, v) => ({
      make: ['Toyota', 'Honda', 'Suzuki', 'Nissan'][c % 4],
      model: ['Axio', 'Vezel', 'Alto', 'Sunny'][c % 4],
      year: 2008 + (c % 12),
      licensePlate: `C${String.fromCharCode(65 + v)}${run.slice(0, 2).toUpperCase()}-${1000 + c}`,
      vin: '',
    }));
    const body = customerBody(name, phoneOf(c), 'unused', { email: `c${c}.${run}@mail.lk`, vehicles, address: `${c}, Galle Road` });
    bodies.push(body);
    customerIds.push((await api<{ customer: { _id: string } }>(request, token, 'post', '/api/customers', body)).customer._id);
  }
  const categories: string[] = [];
  for (const name of ['Filters', 'Brakes', 'තෙල් (Oils)'])
    categories.push((await api<{ category: { _id: string } }>(request, token, 'post', '/api/categories', { name, description: '' })).category._id);
  const items: { id: string; name: string; price: number }[] = [];
  for (let i = 0; i < itemCount; i++) {
    const name = `Part ${i} ${run}`;
    const price = 500 + i * 37.5;
    const body = itemBody(categories[i % 3]!, {
      itemName: name,
      barcode: `RT${run.toUpperCase()}${String(i).padStart(3, '0')}`,
      unitPrice: price,
      costPrice: 300 + i * 12.25,
      // Oil by the litre: part quantities; one part sold out.
      stockQuantity: i % 3 === 2 ? 4.5 + i : i === 7 ? 0 : 3 + (i % 11),
      reorderLevel: 2,
      warrantyMonths: i % 5 === 0 ? 6 : 0,
      description: i % 2 ? `Fits ${['Axio', 'Vezel'][i % 2]}` : '',
    });
    items.push({ id: (await api<{ item: { _id: string } }>(request, token, 'post', '/api/items', body)).item._id, name, price });
  }
  for (const [name, price] of [
    ['Full service', 4500],
    ['Wheel alignment', 2500],
    ['Oil change', 1500.5],
    ['Diagnostics', 3000],
  ] as const)
    await api(request, token, 'post', '/api/services', { name: `${name} ${run}`, price });
  // Ten sales owing (nothing paid, or part), and one paid in full (not on the due list).
  for (let s = 0; s < 11; s++) {
    const item = items[(s * 3) % itemCount]!;
    const lines = [saleLine(item.name, item.price, { itemId: item.id, quantity: 1 + (s % 2) }), saleLine(`Labour ${run}`, 1250 + s * 100)];
    const total = lines.reduce((sum, line) => sum + Number(line.quantity) * Number(line.unitPriceAtSale), 0);
    const paidAmount = s === 10 ? total : s % 2 ? Math.round(total / 3) : 0;
    await api(request, token, 'post', '/api/sales/sales-invoices', saleBody(customerIds[(s * 2) % customerCount]!, lines, { paidAmount }));
  }
  // Item 7, out of stock, sold twice over and paid: its stock is −2, which the export writes as it is.
  const outOfStock = items[7]!;
  const soldOut = [saleLine(outOfStock.name, outOfStock.price, { itemId: outOfStock.id, quantity: 2 })];
  await api(request, token, 'post', '/api/sales/sales-invoices', saleBody(customerIds[1]!, soldOut, { paidAmount: outOfStock.price * 2 }));
  // After their sales, one customer has a new phone and another a new name: the invoices keep the
  // ones they were printed with, and the due list must still lead the import to the customer.
  await api(request, token, 'put', `/api/customers/${customerIds[2]}`, { ...bodies[2], phone: '0719999002' });
  await api(request, token, 'put', `/api/customers/${customerIds[4]}`, { ...bodies[4], customerName: `Renamed ${run}` });
}

/** An exported file as it is, through the import: no column to map, no problem in the dry run. */
async function check(screen: ImportScreen, kind: ImportKindName, file: string): Promise<void> {
  await screen.choose(kind, basename(file), readFileSync(file));
  await expect(screen.dryRun).toContainText('No problems found.');
}

test('a whole-shop export imported into a new, empty shop gives the same totals on the reconciliation screens', async ({ page, request, browser, playwright }, testInfo) => {
  test.setTimeout(480_000);
  const dir = testInfo.outputPath('shop-a');
  mkdirSync(dir, { recursive: true });

  // Shop A, its real totals from its server.
  await setUpShopA(request);
  const shopA = await serverFigures(request, await adminToken(request));
  expect(shopA).toMatchObject({ customers: customerCount, vehicles: 25, items: itemCount, services: 4, dueInvoices: 10 });
  expect(shopA.stockValueCents).toBeGreaterThan(0);
  expect(shopA.stockBelowZero).toHaveLength(1);
  expect(shopA.dueCents).toBeGreaterThan(0);

  // Its whole shop as one zip, from Settings, and the zip's lists as files.
  await loginAs(page, admin);
  await waitForServiceWorkerControl(page);
  await waitForSynced(page);
  await page.goto('/settings/company');
  await page.getByRole('link', { name: 'Export the whole shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Data' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the whole shop', exact: true }).click()]);
  const zip = join(dir, download.suggestedFilename());
  await download.saveAs(zip);
  const files: Record<'customers' | 'items' | 'services' | 'dueList', string> = {
    customers: join(dir, 'customers.csv'),
    items: join(dir, 'items.csv'),
    services: join(dir, 'services.csv'),
    dueList: join(dir, 'due-list.csv'),
  };
  for (const file of Object.values(files)) writeFileSync(file, execFileSync('unzip', ['-p', zip, file.slice(dir.length + 1)]));
  expect(readFileSync(files.customers, 'utf8')).toContain(sinhalaNames[0]);

  // Shop B: a second server on a new database, its Admin registered, a browser of its own.
  const shopBServer: FreshServer = await startFreshServer(basePort + 100 + testInfo.parallelIndex, { registerAdmin: true });
  const shopBRequest = await playwright.request.newContext({ baseURL: shopBServer.baseURL, extraHTTPHeaders: { connection: 'close' } });
  const shopBContext = await browser.newContext({ baseURL: shopBServer.baseURL, viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  try {
    const pageB = await shopBContext.newPage();
    const errors: string[] = [];
    pageB.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    const tokenB = await adminToken(shopBRequest);
    expect(await serverFigures(shopBRequest, tokenB), 'shop B starts empty').toMatchObject({ customers: 0, items: 0, services: 0, dueInvoices: 0 });
    await loginAs(pageB, admin);
    await waitForSynced(pageB);
    await pageB.goto('/settings/import');
    await expect(pageB.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
    const screen = new ImportScreen(pageB);
    const money = formatMoney;

    await check(screen, 'Customers with vehicles', files.customers);
    await expect(screen.tally('Customers')).toHaveText([String(shopA.customers), '0', '0']);
    await expect(screen.tally('Vehicles')).toHaveText([String(shopA.vehicles), '0', '0']);
    await screen.importAll();
    await expect(screen.reconciled('Customers')).toHaveText([String(shopA.customers), String(shopA.customers)]);
    await expect(screen.reconciled('Vehicles')).toHaveText([String(shopA.vehicles), String(shopA.vehicles)]);

    await check(screen, 'Items', files.items);
    await expect(screen.tally('Items')).toHaveText([String(shopA.items), '0', '0']);
    await expect(screen.tally('Categories')).toHaveText(['3', '0', '0']);
    await screen.importAll();
    await expect(screen.reconciled('Items')).toHaveText([String(shopA.items), String(shopA.items)]);
    await expect(screen.reconciled('Stock value at cost')).toHaveText([money(shopA.stockValueCents), money(shopA.stockValueCents)]);
    await snap(pageB, testInfo, 'import-round-trip-items');

    await check(screen, 'Services', files.services);
    await expect(screen.tally('Services')).toHaveText([String(shopA.services), '0', '0']);
    await screen.importAll();
    await expect(screen.reconciled('Services')).toHaveText([String(shopA.services), String(shopA.services)]);

    await check(screen, 'Opening balances', files.dueList);
    await expect(screen.tally('Opening invoices')).toHaveText([String(shopA.dueInvoices), '0', '0']);
    await screen.importAll();
    await expect(screen.reconciled('Total still due')).toHaveText([money(shopA.dueCents), money(shopA.dueCents)]);
    await snap(pageB, testInfo, 'import-round-trip-due');

    // Shop B's server, once synced, holds each of them once, with shop A's totals.
    await waitForSynced(pageB, 120_000);
    const shopB = await serverFigures(shopBRequest, tokenB);
    expect(shopB).toEqual(shopA);
    expect(errors, 'uncaught errors in shop B').toEqual([]);
  } finally {
    await shopBContext.close();
    await shopBRequest.dispose();
    await shopBServer.stop();
  }
});
