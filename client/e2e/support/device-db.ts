import type { Page } from 'playwright/test';

/**
 * Reads through one index of the device's database ('garage') fail, as a failing disk would, once
 * the returned function is called (after login and the first sync, which must not fail): the
 * index's reads throw. Set up before the page loads; the failure lasts for the tab (sessionStorage).
 */
export async function failIndexReads(page: Page, store: string, index: string | null): Promise<() => Promise<void>> {
  const flag = `e2e-fail-${store}-${index ?? 'store'}`;
  await page.addInitScript(
    ({ store, index, flag }) => {
      // An index's reads, or (index null) the store's own reads by primary key.
      const target = (index === null ? IDBObjectStore.prototype : IDBIndex.prototype) as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const method of ['get', 'getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count']) {
        const original = target[method]!;
        target[method] = function (this: IDBIndex | IDBObjectStore, ...args: unknown[]) {
          const storeName = 'objectStore' in this ? this.objectStore.name : this.name;
          const matches = index === null ? !('objectStore' in this) && storeName === store : this.name === index && storeName === store;
          if (sessionStorage.getItem(flag) && matches) throw new DOMException('Disk read failed', 'UnknownError');
          return original.apply(this, args);
        };
      }
    },
    { store, index, flag },
  );
  return async () => {
    await page.evaluate((key) => sessionStorage.setItem(key, '1'), flag);
  };
}

/**
 * Holds stores of the device's database with a read-write transaction from a second connection,
 * kept open by one small request after another: IndexedDB runs no later transaction on those
 * stores until it ends, so the app's reads of them wait, deterministically, until `release` is
 * called. Resolves once the transaction is running. Only within the page's current document.
 */
export async function holdStores(page: Page, stores: string[]): Promise<() => Promise<void>> {
  await page.evaluate(
    (names) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('garage'); // the current version: no upgrade
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const transaction = idb.transaction(names, 'readwrite');
          const store = transaction.objectStore(names[0]!);
          const state = window as unknown as { e2eHold?: boolean };
          state.e2eHold = true;
          transaction.oncomplete = () => idb.close();
          transaction.onabort = () => {
            idb.close();
            reject(transaction.error);
          };
          let first = true;
          const next = () => {
            store.get('\u0000e2e-hold').onsuccess = () => {
              if (first) resolve();
              first = false;
              if (state.e2eHold) next();
            };
          };
          next();
        };
      }),
    stores,
  );
  return async () => {
    await page.evaluate(() => {
      (window as unknown as { e2eHold?: boolean }).e2eHold = false;
    });
  };
}
