import type { APIRequestContext, Locator, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { toastWith } from './support/list-page';
import { AppShell } from './support/app-shell';
import { loginAs } from './support/login-page';
import { adminToken } from './support/server-api';
import { snap } from './support/screenshots';
import { outboxCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin } from './support/users';

interface ServerCompany {
  name: string;
  address: string;
  phone: string;
  email: string;
  logoUrl: string;
  footer: string;
  taxRatePercent: number;
  pricesIncludeTax: boolean;
  receiptLayout?: string;
  updatedAt: string | null;
}

/** /settings/company: Company Detail. */
class CompanyPage {
  readonly heading: Locator;
  readonly logoInput: Locator;
  readonly preview: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Company Detail' });
    this.logoInput = page.getByLabel('Company logo');
    this.preview = page.getByRole('img', { name: 'Company logo preview' });
    this.saveButton = page.getByRole('button', { name: 'Save', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/company');
    await expect(this.heading).toBeVisible();
    await expect(this.field('Company Name')).toBeVisible();
  }

  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  toast(text: string | RegExp): Locator {
    return toastWith(this.page, text);
  }
}

async function serverCompany(request: APIRequestContext, token: string): Promise<ServerCompany> {
  const response = await request.get('/api/company', { headers: { token } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { company: ServerCompany }).company;
}

/** A real 96 px PNG drawn by the browser (a spanner-blue square with a white ring). */
async function smallPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 96;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#1f3a68';
    g.fillRect(0, 0, 96, 96);
    g.strokeStyle = '#f5a524';
    g.lineWidth = 10;
    g.beginPath();
    g.arc(48, 48, 28, 0, Math.PI * 2);
    g.stroke();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test.describe('company detail', () => {
  test.describe.configure({ mode: 'serial' });
  const run = Date.now().toString(36).slice(-5);

  test('upload a logo with preview, refuse a 3 MB file, save the details to the server', async ({ page, request }, testInfo) => {
    const token = await adminToken(request);
    const before = await serverCompany(request, token);
    await loginAs(page, admin);
    await page.getByRole('link', { name: 'Settings' }).click();
    const company = new CompanyPage(page);
    await expect(company.heading).toBeVisible();
    await expect(page.getByText('PNG, JPG, or GIF. Max size 2MB.')).toBeVisible();
    await expect(company.logoInput).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif');
    // Never saved (this file's server is new): the tax defaults of decisions.md.
    expect(before.updatedAt).toBeNull();
    await expect(company.field('Tax rate (%)')).toHaveValue('0');
    await expect(company.field('Prices include tax')).toBeChecked();
    await expect(company.preview).toHaveCount(0);

    // Required fields first, marked as every form marks them (a red star, and aria-required), with the spec's words.
    await expect(page.locator('.company-form label:has(> .required)')).toHaveText(['Company Name', 'Email', 'Phone', 'Address']);
    expect(await page.locator('.company-form .required').evaluateAll((marks) => marks.map((mark) => getComputedStyle(mark, '::after').content))).toEqual(
      Array(4).fill('" *" / ""'),
    );
    for (const label of ['Company Name', 'Email', 'Phone', 'Address']) await expect(company.field(label)).toHaveAttribute('aria-required', 'true');
    await expect(company.field('Footer Message')).not.toHaveAttribute('aria-required', 'true');
    await company.field('Company Name').fill('');
    await company.saveButton.click();
    await expect(company.toast('Company Name is required.')).toBeVisible();

    const png = await smallPng(page);
    await company.logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(company.preview).toBeVisible();
    const logoSrc = await company.preview.getAttribute('src');
    expect(logoSrc).toBe(`data:image/png;base64,${png.toString('base64')}`);

    // Over 2 MB: refused at once, the preview keeps the previous logo.
    await company.logoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024, 1) });
    await expect(company.toast('The logo must be at most 2 MB.')).toBeVisible();
    await expect(company.preview).toHaveAttribute('src', logoSrc!);
    // Not an image: refused too.
    await company.logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(company.toast('The logo must be a PNG, JPG or GIF image.')).toBeVisible();
    await expect(company.preview).toHaveAttribute('src', logoSrc!);

    await company.field('Company Name').fill(`Silva Auto Care ${run}`);
    await company.field('Email').fill('office@silvaauto.test');
    await company.field('Phone').fill('0112345678');
    await company.field('Address').fill('12 Galle Road, Colombo 03');
    await company.field('Footer Message').fill('Thank you for your business!');
    await company.field('Tax rate (%)').fill('8');
    await company.field('Prices include tax').check();
    await snap(page, testInfo, 'company-01-form');
    await company.saveButton.click();
    await expect(company.toast('Company details saved.')).toBeVisible();

    await waitForSynced(page);
    expect(await serverCompany(request, token)).toMatchObject({
      name: `Silva Auto Care ${run}`,
      email: 'office@silvaauto.test',
      phone: '0112345678',
      address: '12 Galle Road, Colombo 03',
      footer: 'Thank you for your business!',
      taxRatePercent: 8,
      pricesIncludeTax: true,
    });
    // The server keeps the image apart and the record names it by path (issue 24, point 2).
    const stored = await serverCompany(request, token);
    expect(stored.logoUrl).toMatch(/^\/api\/company\/logo\/[0-9a-f]{64}$/);
    expect(Buffer.from(await (await request.get(stored.logoUrl)).body())).toEqual(png);

    // A fresh load reads the saved record from the device, the logo by its path; offline too, from the cache.
    await company.goto();
    await expect(company.field('Company Name')).toHaveValue(`Silva Auto Care ${run}`);
    await expect(company.preview).toHaveAttribute('src', stored.logoUrl);
    await expect.poll(() => company.preview.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
    await waitForServiceWorkerControl(page);
    await expect
      .poll(() =>
        page.evaluate(
          (url) =>
            caches
              .open('company-logos')
              .then((cache) => cache.match(url))
              .then((hit) => !!hit),
          stored.logoUrl,
        ),
      )
      .toBe(true);
    await page.context().setOffline(true);
    await company.goto();
    await expect(company.preview).toHaveAttribute('src', stored.logoUrl);
    await expect.poll(() => company.preview.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).toBeGreaterThan(0);
    await page.context().setOffline(false);
  });

  test('saved offline, the details reach the server when the connection returns', async ({ page, context, request }, testInfo) => {
    const token = await adminToken(request);
    const before = await serverCompany(request, token);
    await loginAs(page, admin);
    const company = new CompanyPage(page);
    const shell = new AppShell(page);
    await company.goto();
    await waitForSynced(page);
    // The device has pulled what the server holds (the first test saved it).
    await expect(company.field('Company Name')).toHaveValue(before.name);

    await context.setOffline(true);
    await expect(shell.syncIndicator).toContainText('Offline');
    await company.field('Phone').fill('0779998887');
    await company.field('Footer Message').fill(`Open Mon-Sat ${run}`);
    await company.field('Tax rate (%)').fill('10');
    await company.field('Prices include tax').uncheck();
    await company.saveButton.click();
    await expect(company.toast('Company details saved.')).toBeVisible();
    await expect(shell.unsyncedCount).toHaveText('1');
    expect(await outboxCount(page)).toBe(1);
    expect((await serverCompany(request, token)).phone).toBe(before.phone);
    await snap(page, testInfo, 'company-02-offline');

    await context.setOffline(false);
    await waitForSynced(page);
    expect(await serverCompany(request, token)).toMatchObject({
      name: before.name,
      phone: '0779998887',
      footer: `Open Mon-Sat ${run}`,
      taxRatePercent: 10,
      pricesIncludeTax: false,
      // The logo was not changed, so it was not sent, and the server kept it.
      logoUrl: before.logoUrl,
    });
  });

  test('opened on a new device before its first sync brings the company, the form fills in around what was changed', async ({ page, request }) => {
    const token = await adminToken(request);
    const before = await serverCompany(request, token);
    // Every pull waits until the printer has been chosen on the empty form.
    let release: () => void = () => undefined;
    const chosen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sync/pull?**', async (route) => {
      await chosen;
      await route.continue();
    });
    await loginAs(page, admin);
    const company = new CompanyPage(page);
    await company.goto();
    await expect(company.field('Company Name')).toHaveValue('');
    const other = before.receiptLayout === 'thermal80' ? 'square' : 'thermal80';
    await company.field('Receipt printer').selectOption(other);
    release();
    // The record lands: the untouched fields show it, the printer keeps the choice just made.
    await expect(company.field('Company Name')).toHaveValue(before.name);
    await expect(company.field('Phone')).toHaveValue(before.phone);
    await expect(company.field('Receipt printer')).toHaveValue(other);
    await company.saveButton.click();
    await expect(company.toast('Company details saved.')).toBeVisible();
    await waitForSynced(page);
    expect(await serverCompany(request, token)).toMatchObject({ name: before.name, phone: before.phone, receiptLayout: other });
    // Back as it was for the specs after this one.
    await company.field('Receipt printer').selectOption(before.receiptLayout ?? 'square');
    await company.saveButton.click();
    await expect(company.toast('Company details saved.')).toBeVisible();
    await waitForSynced(page);
  });

  test('a device that never showed the logo keeps it for printing offline once it learns its path', async ({ page, request }) => {
    const token = await adminToken(request);
    // A 1 × 1 PNG saved as the shop's logo over the API, as another device would.
    const onePixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
    const details = { name: 'Pixel Motors', email: 'pixel@garage.test', phone: '0110000000', address: '1 Pixel Road', logoUrl: `data:image/png;base64,${onePixel}` };
    expect((await request.put('/api/company', { headers: { token }, data: details })).status()).toBe(200);
    const { logoUrl } = await serverCompany(request, token);
    expect(logoUrl).toMatch(/^\/api\/company\/logo\//);
    // A new device: only the dashboard is shown, nothing that draws the logo.
    await loginAs(page, admin);
    await waitForSynced(page);
    await waitForServiceWorkerControl(page);
    await expect(page.locator('img.doc-logo')).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(
          (url) =>
            caches
              .open('company-logos')
              .then((cache) => cache.match(url))
              .then((hit) => hit?.headers.get('Content-Type') ?? null),
          logoUrl,
        ),
      )
      .toBe('image/png');
  });
});
