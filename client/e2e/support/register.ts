import type { Page } from 'playwright/test';
import { expect } from './fixtures';

/**
 * Opens a job in the Sales Register and waits for its lines. An empty cart shows one placeholder
 * row ('No items added yet.'), so counting rows alone passes before the job has loaded and a
 * Payment pressed then meets an empty cart (a CI failure, stop 49).
 */
export async function openJobInRegister(page: Page, jobId: string, lines = 1): Promise<void> {
  await page.goto(`/transaction/sales-register?jobId=${jobId}`);
  await expect(page.getByRole('region', { name: 'Job being invoiced' })).toBeVisible();
  await expect(page.locator('table.cart-table tbody tr:not(:has(.table-message))')).toHaveCount(lines);
}
