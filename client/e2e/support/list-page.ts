import type { Locator, Page } from 'playwright/test';
import { expect } from 'playwright/test';

/** A toast with this text (toasts are bottom left; at most two show at once). */
export function toastWith(page: Page, text: string | RegExp): Locator {
  return page.locator('.toast').filter({ hasText: text });
}

/**
 * What every list screen shares: a heading, a table whose rows say a loading text until the
 * device's data is read, the pager caption and toasts. Screen page objects extend it.
 */
export class ListPage {
  readonly rows: Locator;
  readonly caption: Locator;

  constructor(
    readonly page: Page,
    readonly heading: Locator,
    tableSelector: string,
    private readonly loadingText = 'Loading...',
  ) {
    this.rows = page.locator(`${tableSelector} tbody tr`);
    this.caption = page.locator('.pager-caption');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.rows.filter({ hasText: this.loadingText })).toHaveCount(0);
  }

  /** The row with a cell reading exactly `text`. */
  rowWithCell(text: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('cell', { name: text, exact: true }) });
  }

  toast(text: string | RegExp): Locator {
    return toastWith(this.page, text);
  }
}
