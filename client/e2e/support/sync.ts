import type { Page } from 'playwright/test';
import { expect } from 'playwright/test';

/** Rows of one store of the device's database ('garage'), read straight from IndexedDB; 0 before the app made it. */
export async function storeCount(page: Page, store: string): Promise<number> {
  return page.evaluate(async (name) => {
    const names = (await indexedDB.databases()).map((info) => info.name);
    if (!names.includes('garage')) return 0; // never create the app's database from a test
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('garage');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<number>((resolve, reject) => {
        const request = idb.transaction(name).objectStore(name).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      idb.close();
    }
  }, store);
}

/** Entries in the device's outbox. */
export const outboxCount = (page: Page): Promise<number> => storeCount(page, 'outbox');

/**
 * Waits until this device has nothing left to send: the outbox is empty, the top bar's
 * unsynced-count badge is gone and the indicator shows 'Online' in its synced state.
 */
export async function waitForSynced(page: Page, timeout = 20_000): Promise<void> {
  await expect.poll(() => outboxCount(page), { timeout, message: 'outbox empties' }).toBe(0);
  const indicator = page.getByTestId('sync-indicator');
  await expect(page.getByTestId('unsynced-count')).toHaveCount(0, { timeout });
  await expect(indicator).toHaveClass(/\bsync-synced\b/, { timeout });
  await expect(indicator).toContainText('Online');
}

/**
 * Waits for the service worker to be installed and active, then reloads once if needed so the
 * page itself is controlled by it (the app's worker does not claim open pages).
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no service worker became active within 20 s')), 20_000),
    );
    await Promise.race([navigator.serviceWorker.ready, timeout]);
  });
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      message: 'the page is controlled by an activated service worker',
    })
    .toBe('activated');
}
