import { liveQuery } from 'dexie';
import type { GarageDb } from '../db/db';
import { isLogoPath } from '@shared/schemas/company';

/**
 * The cache the service worker answers the company's logo from (vite.config.ts, runtimeCaching),
 * so invoices and receipts print with it offline.
 */
export const logoCacheName = 'company-logos';

/**
 * The company record names its logo by path (the server keeps the image apart). Whenever the device
 * holds a path it has not cached yet, the image is fetched into the service worker's cache at once,
 * not at the first print, which may come when the Wi-Fi is gone.
 */
export function keepLogoOffline(db: GarageDb): void {
  if (typeof caches === 'undefined') return;
  let last = '';
  liveQuery(() => db.company.get('company')).subscribe({
    next: (company) => {
      const url = company?.logoUrl ?? '';
      if (url === last || !isLogoPath(url)) return;
      last = url;
      void (async () => {
        const cache = await caches.open(logoCacheName);
        if (!(await cache.match(url))) await cache.add(url);
      })().catch(() => {
        last = ''; // offline or refused: tried again at the record's next change or the next start
      });
    },
  });
}
