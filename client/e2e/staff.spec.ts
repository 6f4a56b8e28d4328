import type { Locator, Page } from 'playwright/test';
import { test, expect } from './support/fixtures';
import { toastWith } from './support/list-page';
import { AppShell } from './support/app-shell';
import { LoginPage, loginAs } from './support/login-page';
import { adminToken, tokenFrom } from './support/server-api';
import { snap } from './support/screenshots';
import { admin, type TestUser } from './support/users';

/** /staff-management: User Management and its staff modal. */
class StaffPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly addButton: Locator;
  readonly headers: Locator;
  readonly rows: Locator;
  readonly modal: Locator;
  readonly offlineMessage: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'User Management' });
    this.search = page.getByPlaceholder('Search Staff...');
    this.addButton = page.getByRole('button', { name: '+ Add New Staff Member' });
    this.headers = page.locator('table.staff-table thead th');
    this.rows = page.locator('table.staff-table tbody tr');
    this.modal = page.getByRole('dialog', { name: /^(Add New Staff Member|Edit Staff Member)$/ });
    this.offlineMessage = page.getByText('User Management needs a connection to the server. Connect and try again.');
  }

  async open(): Promise<void> {
    await new AppShell(this.page).openFromSidebar('User Management');
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.rows.filter({ hasText: 'Loading...' })).toHaveCount(0);
  }

  field(label: string): Locator {
    return this.modal.getByLabel(label, { exact: true });
  }

  row(email: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: email, exact: true }) });
  }

  toast(text: string | RegExp): Locator {
    return toastWith(this.page, text);
  }

  async save(): Promise<void> {
    await this.modal.getByRole('button', { name: /^(Save|Update)$/ }).click();
  }
}

test.describe('user management', () => {
  test.describe.configure({ mode: 'serial' });
  const run = Date.now().toString(36).slice(-5);
  const member: TestUser = { name: `Nuwan Mechanic ${run}`, email: `nuwan.${run}@garage.test`, password: 'wrench-789' };

  test('an Admin adds a staff member, activates them, they see the restricted app; delete goes through Undo/Delete', async ({ page, browser, request, baseURL }, testInfo) => {
    const adminSession = await adminToken(request);
    await loginAs(page, admin);
    const staff = new StaffPage(page);
    await staff.open();
    await expect(staff.headers).toHaveText(['Name', 'Email', 'Phone No', 'Username', 'Role', 'Active', 'Actions']);
    await expect(staff.row(admin.email).locator('td').nth(5)).toHaveText('Active', { useInnerText: true });

    // The modal's defaults: role Staff, inactive. Nothing filled in is refused with the spec's words.
    await staff.addButton.click();
    await expect(staff.modal.getByRole('heading', { name: 'Add New Staff Member' })).toBeVisible();
    await expect(staff.field('Role')).toHaveValue('Staff');
    await expect(staff.field('Active status')).not.toBeChecked();
    await expect(staff.field('Role').locator('option')).toHaveText(['Admin', 'Manager', 'Staff']);
    await staff.save();
    await expect(staff.toast('Please fill in all required fields...')).toBeVisible();
    await staff.field('Name').fill(member.name);
    await staff.field('Email').fill(member.email);
    await staff.field('Phone No').fill('0771234567');
    await staff.save();
    await expect(staff.toast('Password is required.')).toBeVisible();
    await staff.field('Password').fill(member.password);
    await snap(page, testInfo, 'staff-01-add-modal');
    // The account is created under an Idempotency-Key, so a retry after a lost answer cannot make two.
    const saveRequest = page.waitForRequest((r) => r.url().endsWith('/api/user/save-user'));
    await staff.save();
    expect((await saveRequest).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(staff.toast('Staff member updated successfully!')).toBeVisible();
    await expect(staff.modal).toHaveCount(0);
    await expect(staff.row(member.email).locator('td')).toHaveText([member.name, member.email, '0771234567', `nuwan.${run}`, 'Staff', 'Inactive', /Edit.*Delete/], {
      useInnerText: true,
    });

    // The same email again: the server's message, and the modal stays open.
    await staff.addButton.click();
    await staff.field('Name').fill('Someone Else');
    await staff.field('Email').fill(member.email);
    await staff.field('Password').fill('another-1');
    await staff.save();
    await expect(staff.toast('An account with this email already exists.')).toBeVisible();
    await expect(staff.modal).toBeVisible();
    await staff.modal.getByRole('button', { name: 'Cancel' }).click();

    // The search box works (name, email, username, role).
    await staff.search.fill(`nuwan.${run}`);
    await expect(staff.rows).toHaveCount(1);
    await staff.search.fill('ADMIN');
    await expect(staff.row(admin.email)).toHaveCount(1);
    await expect(staff.row(member.email)).toHaveCount(0);
    await staff.search.fill(`nobody-${run}`);
    await expect(staff.rows).toHaveText(['No staff members found.']);
    await staff.search.fill(`mechanic ${run}`);
    await expect(staff.rows).toHaveCount(1);

    // Inactive accounts cannot log in; the Admin edits and ticks Active.
    const refused = await request.post('/api/user/login', { data: { email: member.email, password: member.password } });
    expect(refused.status()).toBe(403);
    await page.getByRole('button', { name: `Edit ${member.name}`, exact: true }).click();
    await expect(staff.modal.getByRole('heading', { name: 'Edit Staff Member' })).toBeVisible();
    await expect(staff.field('Name')).toHaveValue(member.name);
    await expect(staff.field('Password')).toHaveValue('');
    await expect(staff.field('Password')).toHaveAttribute('placeholder', 'Leave blank to keep the current password');
    await staff.field('Active status').check();
    await staff.save();
    await expect(staff.toast('Staff member updated successfully!').last()).toBeVisible();
    await expect(staff.row(member.email).locator('td').nth(5)).toHaveText('Active', { useInnerText: true });
    await staff.search.fill('');
    await expect(staff.row(admin.email)).toHaveCount(1);
    await snap(page, testInfo, 'staff-02-list');

    // The staff member, on another device: the menu has no User Management, categories are read-only,
    // and the server refuses what the role may not do.
    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const staffPage = await other.newPage();
    await loginAs(staffPage, member);
    const shell = new AppShell(staffPage);
    await expect(shell.sidebarUserRole).toHaveText('Staff');
    await expect(shell.sidebarEntries).toHaveText(['Dashboard', 'Inventory', 'Categories', 'Transaction', 'Customers', 'Reports']);
    await expect(staffPage.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await staffPage.goto('/categories');
    await expect(staffPage.getByRole('heading', { name: 'Category Management' })).toBeVisible();
    await expect(staffPage.getByRole('button', { name: '+ Add New Category' })).toHaveCount(0);
    await snap(staffPage, testInfo, 'staff-03-restricted-categories');
    await staffPage.goto('/staff-management');
    await expect(staffPage.getByText('You do not have permission to open this screen. Ask an administrator.')).toBeVisible();

    const staffToken = await staffPage.evaluate(() => localStorage.getItem('token'));
    expect(staffToken).toBeTruthy();
    const category = await request.post('/api/categories', { headers: { token: adminSession }, data: { name: `Keep ${run}`, description: '' } });
    expect(category.status()).toBe(201);
    const categoryId = ((await category.json()) as { category: { _id: string } }).category._id;
    const deleteAttempt = await request.delete(`/api/categories/${categoryId}`, { headers: { token: staffToken! } });
    expect(deleteAttempt.status()).toBe(403);
    expect(await deleteAttempt.json()).toEqual({ success: false, message: 'Your role (Staff) may not do this.' });
    const staffList = await request.get('/api/user', { headers: { token: staffToken! } });
    expect(staffList.status()).toBe(403);

    // Delete: a warning toast with Undo and Delete; Undo keeps the account.
    const question = staff.toast(`Delete ${member.name}?`);
    await page.getByRole('button', { name: `Delete ${member.name}`, exact: true }).click();
    await expect(question).toBeVisible();
    await expect(question.locator('.toast-action')).toHaveText(['Undo', 'Delete']);
    await snap(page, testInfo, 'staff-04-delete-toast');
    await question.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(question).toHaveCount(0);
    await expect(staff.row(member.email)).toHaveCount(1);

    // Left alone, it hides after 6000 ms and nothing is deleted.
    await page.getByRole('button', { name: `Delete ${member.name}`, exact: true }).click();
    await expect(question).toBeVisible();
    await page.waitForTimeout(5000);
    await expect(question).toBeVisible();
    await expect(question).toHaveCount(0, { timeout: 3000 });
    await expect(staff.row(member.email)).toHaveCount(1);

    // Only Delete deletes; the account's session ends with it.
    await page.getByRole('button', { name: `Delete ${member.name}`, exact: true }).click();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(staff.toast('Staff member deleted successfully!')).toBeVisible();
    await expect(staff.row(member.email)).toHaveCount(0);
    const afterDelete = await request.get('/api/categories', { headers: { token: staffToken! } });
    expect(afterDelete.status()).toBe(401);

    // Nobody deletes their own account: no Delete on one's own row, and the server refuses it anyway.
    await expect(staff.row(admin.email).getByRole('button', { name: `Edit ${admin.name}`, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${admin.name}`, exact: true })).toHaveCount(0);
    const ownId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user')!) as { _id: string })._id);
    const deleteSelf = await request.post('/api/user/delete-user', { headers: { token: await tokenFrom(page) }, data: { id: ownId } });
    expect(deleteSelf.status()).toBe(400);
    expect((await deleteSelf.json()).message).toBe('You cannot delete your own account.');
    await expect(staff.row(admin.email)).toHaveCount(1);
    await other.close();
  });

  test('offline, the screen says it needs a connection; online again, the list returns', async ({ page, context, request }, testInfo) => {
    await adminToken(request);
    await loginAs(page, admin);
    const staff = new StaffPage(page);
    await staff.open();
    await expect(staff.row(admin.email)).toHaveCount(1);

    await context.setOffline(true);
    await expect(staff.offlineMessage).toBeVisible();
    await expect(staff.addButton).toHaveCount(0);
    await snap(page, testInfo, 'staff-05-offline');

    // Opening the screen while offline says the same.
    await new AppShell(page).openFromSidebar('Dashboard');
    await new AppShell(page).openFromSidebar('User Management');
    await expect(staff.offlineMessage).toBeVisible();

    // The first read once the connection is back fails (Wi-Fi just back, or the request raced the
    // 'online' event): the screen tries again by itself, no 'Try again' needed.
    let reads = 0;
    await page.route('**/api/user', async (route) => {
      if (reads++ === 0) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await context.setOffline(false);
    await expect(staff.row(admin.email)).toHaveCount(1);
    await expect(staff.offlineMessage).toHaveCount(0);
    expect(reads).toBeGreaterThan(1);
    await page.unroute('**/api/user');
  });

  test('an Admin turns self-registration off: the login page refuses a stranger in words; on again, it takes them', async ({ page, browser, request, baseURL }, testInfo) => {
    await adminToken(request);
    await loginAs(page, admin);
    const staff = new StaffPage(page);
    await staff.open();
    const allow = page.getByLabel(/^Allow self-registration/);
    await expect(allow).toBeChecked();
    await allow.uncheck();
    await expect(staff.toast('Self-registration is turned off: only an Admin adds accounts.')).toBeVisible();
    await expect(allow).not.toBeChecked();
    await snap(page, testInfo, 'staff-06-self-registration-off');
    // The workshop tablet both ways up: the switch's words wrap, the box stays on screen, nothing scrolls sideways.
    for (const [name, size] of [
      ['1024', { width: 1024, height: 768 }],
      ['768', { width: 768, height: 1024 }],
    ] as const) {
      await page.setViewportSize(size);
      await expect(allow).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(page, testInfo, `staff-06-self-registration-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // A stranger on another device: the form answers the server's words, and no account is made.
    const strangerContext = await browser.newContext({ baseURL });
    const strangerPage = await strangerContext.newPage();
    const login = new LoginPage(strangerPage);
    await login.goto();
    await strangerPage.getByRole('button', { name: 'Click here' }).click();
    const stranger: TestUser = { name: `Walk In ${run}`, email: `walkin.${run}@garage.test`, password: 'walk-in-123' };
    await login.name.fill(stranger.name);
    await login.email.fill(stranger.email);
    await login.password.fill(stranger.password);
    await login.createAccountButton.click();
    await expect(login.formError).toHaveText('Self-registration is turned off. Ask an administrator for an account.');
    await snap(strangerPage, testInfo, 'staff-07-register-refused');
    await page.reload();
    await staff.expectLoaded();
    await expect(staff.row(stranger.email)).toHaveCount(0);

    await page.getByLabel(/^Allow self-registration/).check();
    await expect(staff.toast('New users can register themselves again; an Admin activates each account.')).toBeVisible();
    await login.goto();
    await login.register(stranger, 'Account created. An administrator must activate it before you can log in.');
    await page.reload();
    await staff.expectLoaded();
    await expect(staff.row(stranger.email)).toHaveCount(1);
    await strangerContext.close();
  });
});
