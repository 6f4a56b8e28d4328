/**
 * The device's side of the app: the Dexie database, the sync engine and the search indexes' warm-up.
 * Loaded by `import()` right after the first render, not with the entry script: the login page
 * needs none of it to draw, and the entry stays within its budget (issue 11, docs/decisions.md).
 * The service worker precaches the chunk, so it loads offline as fast as the entry.
 */
export const loadDevice = () => import('./device-start');

/** After a login (new token) or from a button, in whichever tab: the leader syncs. */
export function syncSoon(): void {
  void loadDevice().then((device) => device.syncNow());
}
