import { expect, type Locator, type Page } from 'playwright/test';

/** The kinds Settings → Import offers, by their radio's name. */
export type ImportKindName = 'Customers with vehicles' | 'Items' | 'Services' | 'Opening balances';

/** /settings/import as the import's specs drive it: the kind, the file, the dry run, the import, the reconciliation. */
export class ImportScreen {
  readonly dryRun: Locator;
  readonly finished: Locator;
  constructor(readonly page: Page) {
    this.dryRun = page.locator('.import-dry-run');
    this.finished = page.locator('.import-reconciliation');
  }

  async choose(kind: ImportKindName, name: string, content: string | Buffer, mimeType = 'text/csv'): Promise<void> {
    await this.pick(kind, name, content, mimeType);
    await expect(this.dryRun.getByRole('heading', { name: 'Dry run: nothing has been written yet' })).toBeVisible({ timeout: 60_000 });
  }

  /** Chooses the kind and the file, and stops there (a header to map waits on the Columns panel). */
  async pick(kind: ImportKindName, name: string, content: string | Buffer, mimeType = 'text/csv'): Promise<void> {
    await this.page.getByRole('radio', { name: kind }).click();
    await this.page.getByLabel('File to import').setInputFiles({ name, mimeType, buffer: typeof content === 'string' ? Buffer.from(content, 'utf8') : content });
  }

  /** A dry run's row of tallies for a kind of record: new, would update, unchanged. */
  tally(noun: string): Locator {
    return this.dryRun.locator('.import-tallies tr', { has: this.page.getByRole('rowheader', { name: noun, exact: true }) }).locator('td');
  }

  /** A reconciliation's row: the file's figure beside the shop's. */
  reconciled(label: string): Locator {
    return this.finished.locator('tr', { has: this.page.getByRole('rowheader', { name: label, exact: true }) }).locator('td');
  }

  async importAll(): Promise<void> {
    await this.dryRun.getByRole('button', { name: /^Import \(/ }).click();
    await expect(this.finished.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 120_000 });
  }
}
