import type { APIRequestContext, Browser, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { loginAs } from './support/login-page';
import { apiLogin } from './support/server-api';
import { snap } from './support/screenshots';
import { admin } from './support/users';
import { expectNoAccessibilityViolations, expectNoSidewaysScroll, touchTargetProblems } from './support/shell-checks';
import { waitForSynced } from './support/sync';
import { addCustomerThroughForm } from './support/customer-form';
import { customerBody, itemBody, vehicleBody } from '../../tests/factories';

// Issue 12: the shell on the workshop tablet (1024×768 landscape, 768×1024 portrait, touch) and the
// counter PC (1280×800): every list fits with its actions on screen, every control takes a finger,
// dialogs keep focus, messages are current, a saved record is shown, and nothing fails an axe scan.

const run = Date.now().toString(36).slice(-5);
const sizes = [
  { name: 'tablet-landscape', width: 1024, height: 768, hasTouch: true },
  { name: 'tablet-portrait', width: 768, height: 1024, hasTouch: true },
  { name: 'counter-pc', width: 1280, height: 800, hasTouch: false },
] as const;

const lists = [
  { path: '/customers', heading: /^Customers/, table: 'table.customers-table', addButton: '+ Add New Customer' },
  { path: '/inventory/items', heading: 'Inventory Items', table: 'table.items-table', addButton: '+ Add New Item' },
  { path: '/inventory/services', heading: 'Services', table: 'table.services-table', addButton: '+ Add Service' },
  { path: '/categories', heading: 'Category Management', table: 'table.categories-table', addButton: '+ Add New Category' },
  { path: '/staff-management', heading: 'User Management', table: 'table.staff-table', addButton: '+ Add New Staff Member' },
] as const;

async function api(request: APIRequestContext, token: string, path: string, data: unknown): Promise<{ [key: string]: { id: string } }> {
  const response = await request.post(path, { headers: { token }, data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { [key: string]: { id: string } };
}

async function device(browser: Browser, size: (typeof sizes)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, hasTouch: size.hasTouch });
  const page = await context.newPage();
  await loginAs(page, admin);
  return page;
}

test.describe('the shell on a tablet and at the counter', () => {
  test.describe.configure({ mode: 'serial' });
  let token = '';

  test.beforeAll(async ({ request }) => {
    const registered = await request.post('/api/user/register', { data: admin });
    expect([201, 409]).toContain(registered.status());
    token = await apiLogin(request, admin.email, admin.password);
    // Long names, as real shops have them: the rows must still fit.
    const category = await api(request, token, '/api/categories', {
      name: `Lubricants ${run}`,
      description: 'Engine, gearbox and differential oils, greases and additives for every make',
    });
    for (let i = 0; i < 3; i++) {
      await api(
        request,
        token,
        '/api/customers',
        // A fleet: two vans, long names everywhere.
        customerBody(`Lanka Tours and Travels (Private) Limited ${run} ${i}`, `077123${i}567`, `PH-${i}${run}`.toUpperCase(), {
          contactPerson: 'Mr. Kasun Perera Wickramasinghe',
          email: `fleet.manager.${run}.${i}@lankatoursandtravels.lk`,
          city: 'Maharagama',
          vehicles: [
            vehicleBody({ make: 'Toyota', model: 'KDH High Roof', licensePlate: `PH-${i}${run}`.toUpperCase() }),
            vehicleBody({ make: 'Nissan', model: 'Caravan', year: 2016, licensePlate: `PK-${i}${run}`.toUpperCase() }),
          ],
        }),
      );
      await api(
        request,
        token,
        '/api/items',
        itemBody(category.category!.id, {
          itemName: `Fully Synthetic Engine Oil 5W-30 API SP 4 Litre Can ${run} ${i}`,
          barcode: `4791234567${i}${run}`,
          unitPrice: 12500,
          costPrice: 9800,
          stockQuantity: i,
          reorderLevel: 5,
        }),
      );
      await api(request, token, '/api/services', { name: `Full service with engine oil and filter change ${run} ${i}`, price: 8500 });
    }
  });

  for (const size of sizes) {
    test(`every list fits ${size.name} (${size.width}×${size.height}) with its actions on screen`, async ({ browser }, testInfo) => {
      // A new device's first sync of everything the earlier specs left on the server, then five lists
      // and their dialogs scanned at the top and the bottom: 25 s alone, more than a minute at the end of the suite.
      test.setTimeout(180_000);
      const page = await device(browser, size);
      await waitForSynced(page);
      for (const list of lists) {
        await page.goto(list.path);
        await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible();
        const rows = page.locator(`${list.table} tbody tr[data-row-id]`);
        await expect(rows.first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${list.path} at ${size.name}`);

        // Each row's actions lie inside the window and take a click (a trial: nothing is deleted).
        const count = Math.min(await rows.count(), 4);
        for (let i = 0; i < count; i++) {
          const buttons = rows.nth(i).locator('td.actions-col button');
          for (let b = 0; b < (await buttons.count()); b++) {
            const button = buttons.nth(b);
            await button.scrollIntoViewIfNeeded();
            const box = (await button.boundingBox())!;
            expect(box.x, `${list.path}: a row action starts inside the window`).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width, `${list.path} at ${size.name}: a row action ends inside the window`).toBeLessThanOrEqual(size.width);
            await button.click({ trial: true });
          }
        }
        if (size.hasTouch) {
          for (const scroll of ['top', 'bottom'] as const) {
            await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scroll);
            expect(await touchTargetProblems(page), `${list.path} at ${size.name} (${scroll}): controls a finger uses`).toEqual([]);
          }
        }
        await expectNoAccessibilityViolations(page, `${list.path} at ${size.name}`);
        await snap(page, testInfo, `shell-${size.name}-${list.path.split('/').at(-1)}`);

        // Its add dialog: actions in view, controls big enough, nothing for axe to find.
        await page.getByRole('button', { name: list.addButton }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
        if (list.path === '/customers') {
          // With two vehicles the form is taller than the window: its actions stay in view.
          await dialog.getByRole('button', { name: 'Add Another Vehicle' }).click();
          await expect(dialog.getByRole('group', { name: 'Vehicle 2', exact: true })).toBeVisible();
          await expect(dialog.getByRole('button', { name: 'Save Customer' })).toBeInViewport();
        }
        if (size.hasTouch) {
          for (const scroll of ['top', 'bottom'] as const) {
            await dialog.locator('.modal-body').evaluate((body, to) => body.scrollTo(0, to === 'top' ? 0 : body.scrollHeight), scroll);
            expect(await touchTargetProblems(page, '[role="dialog"]'), `${list.path} dialog at ${size.name} (${scroll})`).toEqual([]);
          }
        }
        await expectNoAccessibilityViolations(page, `${list.path} dialog at ${size.name}`);
        await snap(page, testInfo, `shell-${size.name}-${list.path.split('/').at(-1)}-dialog`);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
      await page.context().close();
    });
  }

  test('the collapsed sidebar is an icon rail: every entry named, the groups reachable, the choice remembered', async ({ browser }, testInfo) => {
    const page = await device(browser, sizes[0]);
    const menu = page.getByRole('complementary', { name: 'Main menu' });
    // 1024 px: collapsed by itself.
    await expect(menu).toHaveClass(/collapsed/);
    await expect(menu.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Customers', exact: true })).toHaveAttribute('title', 'Customers');
    await menu.getByRole('button', { name: 'Inventory', exact: true }).click();
    const group = page.getByRole('menu', { name: 'Inventory' });
    await expect(group.getByRole('menuitem', { name: 'Item Inventory' })).toBeVisible();
    await snap(page, testInfo, 'shell-rail-group');
    await expectNoAccessibilityViolations(page, 'the rail with a group open');
    await group.getByRole('menuitem', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/inventory\/services$/);
    await expect(group).toHaveCount(0);

    // Expanded by the user, it stays expanded after a reload.
    await menu.getByRole('button', { name: 'Expand menu' }).click();
    await expect(menu).not.toHaveClass(/collapsed/);
    await page.reload();
    await expect(page.getByRole('complementary', { name: 'Main menu' })).not.toHaveClass(/collapsed/);
    await page.context().close();
  });

  test('a dialog keeps focus: Tab cycles inside it, Escape closes it, focus returns to its opener; panels too', async ({ browser }) => {
    const page = await device(browser, sizes[0]);
    await page.goto('/categories');
    const opener = page.getByRole('button', { name: '+ Add New Category' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    await expect(dialog.getByLabel('Category Name')).toBeFocused();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement)), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // The sync panel: Escape closes it and gives focus back to its button.
    const indicator = page.getByTestId('sync-indicator');
    await indicator.click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(indicator).toBeFocused();
    await page.context().close();
  });

  test('messages are current: a save after two warnings shows its success at once, and the warnings go', async ({ browser }) => {
    const page = await device(browser, sizes[0]);
    // Timed on a device at rest, as a tablet in use is: not during its first sync of the whole shop.
    await waitForSynced(page);
    await page.goto('/categories');
    await page.getByRole('button', { name: '+ Add New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Category' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.click();
    await save.click();
    const warning = page.locator('.toast').filter({ hasText: 'Category name is required.' });
    await expect(warning).toHaveCount(1); // a newer attempt replaces the older one
    // The field at fault is marked and has the cursor.
    await expect(dialog.getByLabel('Category Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Category Name')).toBeFocused();

    await dialog.getByLabel('Category Name').fill(`Quick ${run}`);
    const shown = await page.evaluate(async () => {
      const started = performance.now();
      (document.querySelector('[role="dialog"] button[type="submit"]') as HTMLButtonElement).click();
      while (![...document.querySelectorAll('.toast')].some((toast) => toast.textContent?.includes('Category added successfully!'))) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (performance.now() - started > 5000) break;
      }
      return performance.now() - started;
    });
    // Queued behind the warnings, the success would wait out their 4 s on screen; 300 ms (its earlier
    // bound) failed at 469 ms under the gate's load, so the bound is what tells the two apart.
    expect(shown, 'the success shows at once, not after the warnings').toBeLessThan(2_000);
    await expect(warning).toHaveCount(0); // the form saved: its warning no longer applies
    await page.context().close();
  });

  test('a saved record is shown: a new customer whose name sorts onto another page', async ({ browser, request }) => {
    for (let i = 0; i < 26; i++) {
      await api(request, token, '/api/customers', customerBody(`Aaa ${run} ${String(i).padStart(2, '0')}`, '0112223333', `AA-${i}`));
    }
    const page = await device(browser, sizes[2]);
    await page.goto('/customers');
    await waitForSynced(page);
    await expect(page.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
    const name = `Zulfikar ${run}`;
    await addCustomerThroughForm(page, {
      name,
      email: `zulfikar.${run}@example.com`,
      phone: '0779994567',
      address: '9 Hill Street',
      vehicle: { make: 'Suzuki', model: 'Alto', year: '2019', licensePlate: `ZZ-${run}` },
    });
    const row = page.locator('tr.row-highlight');
    await expect(row).toContainText(name);
    await expect(row).toBeInViewport();
    await expect(page.getByRole('button', { name: '1', exact: true })).not.toHaveAttribute('aria-current', 'page');

    // Counter staff look a customer up by the last digits of the phone.
    await page.getByPlaceholder('Search Customers...').fill('994567');
    await expect(page.locator('table.customers-table tbody tr[data-row-id]').filter({ hasText: name })).toHaveCount(1);
    await page.context().close();
  });

  test('the login and forgot-password pages pass the scan, and a permission screen has a heading', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoAccessibilityViolations(page, 'login');
    await page.goto('/forgot-password');
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoAccessibilityViolations(page, 'forgot password');
    await loginAs(page, admin);
    for (const path of ['/dashboard', '/settings/company', '/transaction/job-card']) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expectNoAccessibilityViolations(page, path);
    }

    // A role that may not open a screen is told so under a heading.
    const staffUser = { name: `Shell Staff ${run}`, email: `shell.staff.${run}@garage.test`, password: 'secret-654' };
    await api(request, token, '/api/user/save-user', { ...staffUser, role: 'Staff', status: true });
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, staffUser);
    await page.goto('/staff-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Not available for your role' })).toBeVisible();
    await expectNoAccessibilityViolations(page, 'the permission screen');
  });
});
