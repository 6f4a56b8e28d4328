import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { AppShell } from './support/app-shell';
import { CategoriesPage } from './support/categories-page';
import { LoginPage, loginAs } from './support/login-page';
import { apiLogin, serverCategories, serverCategoryCounts, tokenFrom } from './support/server-api';
import { snap } from './support/screenshots';
import { outboxCount, waitForServiceWorkerControl, waitForSynced } from './support/sync';
import { admin, staff } from './support/users';
import { chromiumArgs, chromiumPath } from './support/env';
import { answerConfirmation } from './support/in-page-confirm';

// The spine's server starts with no account at all: its first test registers the Admin through the UI.
test.use({ registerAdmin: false });

/**
 * The spine, in order on its own fresh server database: the first registration becomes the Admin,
 * later tests log in as that Admin and read what earlier tests left on the server.
 * Each test has its own browser context (its own IndexedDB, local storage and service worker).
 */
test.describe('spine', () => {
  test.describe.configure({ mode: 'serial' });

  test('a. the first account registers, becomes Admin, logs in and sees the layout', async ({ page }, testInfo) => {
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await snap(page, testInfo, '01-login');
    await loginPage.register(admin, 'Account created. You are the administrator; please log in.');
    await loginPage.login(admin);

    const shell = new AppShell(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(shell.greeting).toHaveText(`Hi, ${admin.name}`);
    await expect(shell.content.getByText("Let's explore your garage today!")).toBeVisible();
    await expect(shell.sidebarEntries).toHaveText(['Dashboard', 'Inventory', 'Categories', 'Transaction', 'Customers', 'Reports', 'User Management', 'Settings']);
    await expect(shell.sidebarUserName).toHaveText(admin.name);
    await expect(shell.sidebarUserRole).toHaveText('Admin');
    await expect(page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').role)).resolves.toBe('Admin');
    await snap(page, testInfo, '02-dashboard');

    // The user menu shows name and role with Logout, and closes on a click outside it.
    await shell.openUserMenu();
    await expect(shell.userMenu).toContainText(admin.name);
    await expect(shell.userMenu).toContainText('Admin');
    await expect(shell.logoutItem).toBeVisible();
    await snap(page, testInfo, '03-user-menu');
    await shell.content.getByText("Let's explore your garage today!").click();
    await expect(shell.userMenu).toHaveCount(0);

    // A screen opened by its address shows inside the layout, with its sidebar group opened. (A
    // 'Coming soon' route was the example until issue 27 built Expenses, the last of them.)
    await page.goto('/transaction/expenses');
    await expect(shell.content.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.greeting).toHaveText(`Hi, ${admin.name}`);
    await expect(shell.sidebar.getByRole('button', { name: 'Transaction' })).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.sidebar.getByRole('link', { name: 'Expenses' })).toHaveClass(/\bactive\b/);
    await snap(page, testInfo, '04-screen-by-address');
  });

  test('b. login validation: a bad email is refused on the device, a wrong password by the server', async ({ page }) => {
    const loginPage = new LoginPage(page);
    await loginPage.goto();

    await loginPage.submitLogin('not-an-email', 'whatever');
    await expect(loginPage.formError).toHaveText('Please enter a valid email address.');

    await loginPage.submitLogin(admin.email, 'wrong-password');
    await expect(loginPage.formError).toHaveText('Invalid email or password.');

    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('c. categories work offline: queued, kept across an offline reload, synced exactly once', async ({ page, context, request }, testInfo) => {
    await loginAs(page, admin);
    const shell = new AppShell(page);
    const categories = new CategoriesPage(page);
    await categories.open();
    await expect(categories.rows).toHaveText(['No categories found.']);

    // Online add.
    await categories.add('Engine Oils', 'Synthetic and mineral oils');
    await expect(categories.row('Engine Oils')).toContainText('Synthetic and mineral oils');

    // A blank name is refused with the schema's message and adds nothing.
    await categories.addButton.click();
    await categories.fillAndSave('   ', 'no name given');
    await expect(categories.toast('Category name is required.')).toBeVisible();
    await expect(categories.modal).toBeVisible();
    await categories.modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(categories.modal).toHaveCount(0);
    await expect(categories.rows).toHaveCount(1);

    await waitForSynced(page);
    const token = await tokenFrom(page);
    expect(await serverCategoryCounts(request, token)).toEqual({ 'Engine Oils': 1 });

    // The service worker must control the page before the network goes away.
    await waitForServiceWorkerControl(page);
    await categories.expectLoaded();
    await expect(categories.rows).toHaveCount(1);

    await context.setOffline(true);
    await expect(shell.syncIndicator).toContainText('Offline');
    await categories.add('Brake Pads', 'Front and rear');
    await expect(shell.unsyncedCount).toHaveText('1');
    await expect.poll(() => outboxCount(page)).toBe(1);
    // The server has not seen it (the request fixture is not part of the offline browser).
    expect(await serverCategoryCounts(request, token)).toEqual({ 'Engine Oils': 1 });
    await snap(page, testInfo, '05-categories-offline');

    // A reload with no network: the service worker starts the app, the device still has both.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the document came from the service worker').toBe(true);
    await categories.expectLoaded();
    await expect(categories.row('Engine Oils')).toHaveCount(1);
    await expect(categories.row('Brake Pads')).toHaveCount(1);
    await expect(shell.syncIndicator).toContainText('Offline');
    await expect(shell.unsyncedCount).toHaveText('1');
    await snap(page, testInfo, '06-categories-offline-reloaded');

    // Another screen offline: in the app (lazy chunk from the precache) and as a fresh page load.
    await shell.openFromSidebar('Customers');
    await expect(page).toHaveURL(/\/customers$/);
    await expect(shell.content.getByRole('heading', { level: 1, name: /Customer/ })).toBeVisible();
    await page.goto('/dashboard');
    await expect(shell.content.getByText("Let's explore your garage today!")).toBeVisible();
    await categories.open();
    await expect(categories.rows).toHaveCount(2);

    // Back online: the queued change is sent and the server holds each category exactly once.
    await context.setOffline(false);
    await waitForSynced(page);
    expect(await serverCategoryCounts(request, token)).toEqual({ 'Brake Pads': 1, 'Engine Oils': 1 });

    // Edit and delete, both reaching the server.
    await categories.edit('Brake Pads', 'Brake Pads & Shoes', 'Front and rear, all makes');
    await waitForSynced(page);
    const afterEdit = await serverCategories(request, token);
    expect(afterEdit.map(({ name, description }) => ({ name, description }))).toEqual([
      { name: 'Brake Pads & Shoes', description: 'Front and rear, all makes' },
      { name: 'Engine Oils', description: 'Synthetic and mineral oils' },
    ]);

    const question = await categories.delete('Engine Oils');
    expect(question).toBe('Are you sure you want to delete the category "Engine Oils"?');
    await waitForSynced(page);
    expect(await serverCategoryCounts(request, token)).toEqual({ 'Brake Pads & Shoes': 1 });
    await expect(categories.rows).toHaveCount(1);
    await snap(page, testInfo, '07-categories-synced');
  });

  test('d. a second self-registered account cannot log in until activated', async ({ page }) => {
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await loginPage.register(staff, 'Account created. An administrator must activate it before you can log in.');
    await loginPage.submitLogin(staff.email, staff.password);
    await expect(loginPage.formError).toHaveText('Your account is not active yet. Ask an administrator.');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('e. logout with unsynced changes warns; the queued change syncs after the next login', async ({ page, context, request }, testInfo) => {
    await loginAs(page, admin);
    const shell = new AppShell(page);
    const categories = new CategoriesPage(page);
    const loginPage = new LoginPage(page);
    await categories.open();
    // A fresh device pulls what test c left on the server.
    await expect(categories.row('Brake Pads & Shoes')).toHaveCount(1);
    await waitForSynced(page);

    await context.setOffline(true);
    await expect(shell.syncIndicator).toContainText('Offline');
    await categories.add('Filters', 'Oil, air and fuel filters');
    await expect(shell.unsyncedCount).toHaveText('1');

    // Logout asks first; dismissing keeps the session and the screen.
    await shell.openUserMenu();
    await shell.logoutItem.click();
    expect(await answerConfirmation(page, 'Stay logged in')).toContain('1 unsynced change');
    await expect(page).toHaveURL(/\/categories$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect(shell.unsyncedCount).toHaveText('1');

    // Accepting logs out to '/', keeping the change queued on the device.
    await shell.openUserMenu();
    await shell.logoutItem.click();
    await answerConfirmation(page, 'Log out');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(loginPage.loginButton).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await outboxCount(page)).toBe(1);
    await snap(page, testInfo, '08-logged-out');

    const checkToken = await apiLogin(request, admin.email, admin.password);
    expect(await serverCategoryCounts(request, checkToken)).toEqual({ 'Brake Pads & Shoes': 1 });

    // Online again and logged in: the queued change reaches the server once.
    await context.setOffline(false);
    await loginPage.login(admin);
    await waitForSynced(page);
    expect(await serverCategoryCounts(request, checkToken)).toEqual({ 'Brake Pads & Shoes': 1, Filters: 1 });
    await categories.open();
    await expect(categories.rows).toHaveCount(2);
  });
});

test.describe('installability', () => {
  test('f. Chromium finds the app installable; the manifest has the required fields and icons', async ({ baseURL, request }) => {
    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.status()).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      name?: string;
      short_name?: string;
      display?: string;
      start_url?: string;
      icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
    };
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    const icons = manifest.icons ?? [];
    expect(icons.some((icon) => icon.sizes.split(' ').includes('192x192'))).toBe(true);
    expect(icons.some((icon) => icon.sizes.split(' ').includes('512x512'))).toBe(true);
    expect(icons.some((icon) => (icon.purpose ?? '').split(' ').includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toContain('image/png');
    }

    // A normal (incognito-like) context answers 'in-incognito'; a persistent profile is a real install target.
    const profile = await mkdtemp(join(tmpdir(), 'garage-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
          message: 'Page.getInstallabilityErrors',
          timeout: 15_000,
        })
        .toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
