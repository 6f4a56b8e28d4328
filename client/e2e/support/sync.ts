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

/** The device's last successful sync time (syncState 'lastSyncAt'), null before one. */
export async function lastSyncAt(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((info) => info.name);
    if (!names.includes('garage')) return null;
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('garage');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      return await new Promise<string | null>((resolve, reject) => {
        const request = idb.transaction('syncState').objectStore('syncState').get('lastSyncAt');
        request.onsuccess = () => resolve((request.result as { value?: string } | undefined)?.value ?? null);
        request.onerror = () => reject(request.error);
      });
    } finally {
      idb.close();
    }
  });
}

/**
 * Waits until this device has nothing left to send and has synced: the outbox is empty, a sync has
 * completed, and at one same moment the indicator is in its synced state, says 'Online' and shows no
 * unsynced-count badge. One snapshot, not one wait after another: while logged out the indicator has
 * the synced class (saying 'Log in to sync'), and as a first sync starts it says 'Online' with the
 * pending class, so separate waits could each pass at a different moment of a sync barely begun.
 */
export async function waitForSynced(page: Page, timeout = 20_000): Promise<void> {
  await expect.poll(() => outboxCount(page), { timeout, message: 'outbox empties' }).toBe(0);
  await expect.poll(() => lastSyncAt(page), { timeout, message: 'a sync has completed' }).not.toBeNull();
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const indicator = document.querySelector('[data-testid="sync-indicator"]');
          if (!indicator) return 'no indicator';
          const synced = indicator.classList.contains('sync-synced');
          const badge = indicator.querySelector('[data-testid="unsynced-count"]');
          return synced && !badge && (indicator.textContent ?? '').includes('Online') ? 'synced' : `${indicator.className}: ${indicator.textContent}`;
        }),
      { timeout, message: 'the indicator says synced and Online, with no unsynced changes' },
    )
    .toBe('synced');
}

/**
 * Waits for the service worker to be installed and active, then reloads once if needed so the
 * page itself is controlled by it (the app's worker does not claim open pages).
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker became active within 20 s')), 20_000));
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
