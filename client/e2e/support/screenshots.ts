import type { Page, TestInfo } from 'playwright/test';
import { join } from 'node:path';

/** Saves a full-page screenshot of a key screen to test-results/screens/<name>.png (not committed). */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: join(testInfo.project.outputDir, 'screens', `${name}.png`), fullPage: true });
}
