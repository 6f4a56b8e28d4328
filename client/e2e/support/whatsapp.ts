import type { Page } from 'playwright/test';

// Issue 45: WhatsApp is never opened for real in a test. window.open is replaced before the app
// loads; each link the app opens is kept, to be checked, not followed.

export interface OpenedLink {
  url: string;
  target: string;
  features: string;
}

declare global {
  interface Window {
    openedLinks?: OpenedLink[];
  }
}

/** From the next page load on, window.open keeps its links instead of opening them. */
export async function captureOpenedLinks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.openedLinks = [];
    window.open = ((url: string, target: string, features: string) => {
      window.openedLinks!.push({ url: String(url), target, features });
      return null;
    }) as typeof window.open;
  });
}

/** The links the app has opened since this page loaded. */
export const openedLinks = (page: Page): Promise<OpenedLink[]> => page.evaluate(() => window.openedLinks ?? []);
