import { test as base, expect } from 'playwright/test';

/**
 * Playwright's test with two additions: an uncaught error in the page fails the test, so a screen
 * that throws while it still looks right is not missed; so does anything the server's
 * Content-Security-Policy refused (server/src/http/security-headers.ts), which would work in
 * development and break in the shop.
 */
export const test = base.extend<{ failOnPageError: void }>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) errors.push(`CSP: ${message.text()}`);
      });
      await use();
      expect(errors, 'uncaught errors or CSP violations in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
