/**
 * Whether this device's outbox may hold unsent changes, read with IndexedDB itself rather than Dexie.
 * The login page asks before it loads the waiting notices: on a device with nothing waiting (nearly
 * always) it then loads no database code at all, about 0.25 s of script on a slow phone (issue 25).
 * It answers true whenever it cannot tell, so a waiting change is never hidden.
 */
export async function outboxMayHoldChanges(dbName: string, factory: IDBFactory = indexedDB): Promise<boolean> {
  try {
    // Opening a database that does not exist would make an empty one, so ask first where the browser can say.
    if (typeof factory.databases === 'function') {
      const known = await factory.databases();
      if (!known.some((info) => info.name === dbName)) return false;
    }
    const open = factory.open(dbName);
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      // No version given: this only runs for a database that did not exist (a browser without databases()).
      open.onupgradeneeded = () => open.transaction?.abort();
    });
    try {
      if (!idb.objectStoreNames.contains('outbox')) return false;
      const request = idb.transaction('outbox', 'readonly').objectStore('outbox').count();
      const count = await new Promise<number>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('count failed'));
      });
      return count > 0;
    } finally {
      idb.close();
    }
  } catch {
    return true;
  }
}
