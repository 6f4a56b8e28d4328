import { test as base, expect } from 'playwright/test';

/**
 * Playwright's test with one addition: an uncaught error in the page fails the test, so a screen
 * that throws while it still looks right is not missed.
 */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await use();
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
