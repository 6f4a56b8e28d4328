import type { Locator, Page } from 'playwright/test';
import { expect } from 'playwright/test';

/** The layout around every route but '/': sidebar, top bar, user menu and sync indicator. */
export class AppShell {
  readonly sidebar: Locator;
  /** The top-level sidebar entries (links and group headers), in order. */
  readonly sidebarEntries: Locator;
  readonly sidebarUserName: Locator;
  readonly sidebarUserRole: Locator;
  readonly greeting: Locator;
  readonly userMenuButton: Locator;
  readonly userMenu: Locator;
  readonly logoutItem: Locator;
  readonly syncIndicator: Locator;
  readonly unsyncedCount: Locator;
  readonly content: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('complementary', { name: 'Main menu' });
    this.sidebarEntries = this.sidebar.locator('ul.menu > li > :is(a, button) > .menu-label');
    this.sidebarUserName = this.sidebar.locator('.sidebar-user-name');
    this.sidebarUserRole = this.sidebar.locator('.sidebar-user-role');
    this.greeting = page.locator('.top-bar .greeting');
    this.userMenuButton = page.locator('.user-menu-button');
    this.userMenu = page.getByRole('menu');
    this.logoutItem = this.userMenu.getByRole('menuitem', { name: 'Logout' });
    this.syncIndicator = page.getByTestId('sync-indicator');
    this.unsyncedCount = page.getByTestId('unsynced-count');
    this.content = page.locator('main.content');
  }

  /** Follows a top-level sidebar link (client-side navigation, no page load). */
  async openFromSidebar(label: string): Promise<void> {
    await this.sidebar.getByRole('link', { name: label, exact: true }).click();
  }

  async openUserMenu(): Promise<void> {
    if (!(await this.userMenu.isVisible())) await this.userMenuButton.click();
    await expect(this.userMenu).toBeVisible();
  }
}
