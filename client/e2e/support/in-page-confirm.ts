import type { Locator, Page } from 'playwright/test';
import { expect } from 'playwright/test';

/** The product's own confirmation (components/ui/confirm-host.tsx): an alertdialog in the page, never the browser's. */
export const confirmation = (page: Page): Locator => page.getByRole('alertdialog');

/**
 * Answers the in-page confirmation that is showing with the button named `answer`, after checking
 * its words when `expected` is given; returns its words, once it has closed.
 */
export async function answerConfirmation(page: Page, answer: string, expected?: string | RegExp): Promise<string> {
  const asked = confirmation(page);
  await expect(asked).toBeVisible();
  const words = asked.locator('.confirm-message');
  if (expected !== undefined) await expect(words).toHaveText(expected);
  const text = (await words.textContent()) ?? '';
  await asked.getByRole('button', { name: answer, exact: true }).click();
  await expect(asked).toHaveCount(0);
  return text;
}

/** Records every browser alert(), confirm() or prompt() the page opens (dismissed at once): the product has none. */
export function recordBrowserDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}
