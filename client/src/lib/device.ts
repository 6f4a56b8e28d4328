/**
 * The device's side of the app: the Dexie database, the sync engine and the search indexes' warm-up.
 * Loaded by `import()` right after the first render, not with the entry script: the login page
 * needs none of it to draw, and the entry stays within its budget (issue 11, docs/decisions.md).
 * The service worker precaches the chunks, so they load offline as fast as the entry.
 */
export const loadDevice = () => loadDeviceModules().then(() => import('./device-start'));

/**
 * At a login's submit, while the server checks the password (about half a second of scrypt, the page
 * idle): the device's modules loaded and its database opened, nothing started that needs the session.
 * After the answer the shell and the sync then start at once; a new device's first pull began 0.8 s
 * after the answer, most of it this code's fetch and evaluation and the database's creation (issue 47).
 */
export function prepareDevice(): void {
  const modules = navigator.serviceWorker?.controller ? loadDeviceModules() : Promise.all(deviceModuleSteps.map((step) => step()));
  void modules
    .then(() => import('../db/instance'))
    .then(({ db }) => db.open())
    .catch(() => undefined); // the sync's own start opens it again and says what failed
}

/** After a login (new token) or from a button, in whichever tab: the leader syncs. */
export function syncSoon(): void {
  void loadDevice().then((device) => device.syncNow());
}

/** A task boundary: a message, not a timer, which a hidden tab would hold to once a second. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

let deviceModules: Promise<void> | undefined;

/** In the order they depend on each other, so each step evaluates only its own part. */
const deviceModuleSteps = [
  () => import('dexie'),
  () => import('@shared/schemas/common'),
  () => import('../db/instance'),
  () => import('@shared/mutations/job-cards'),
  () => import('@shared/mutations/sales'),
  () => import('@shared/mutations/definitions'),
  () => import('../sync/start-sync'),
];

/**
 * The heavy modules every screen of the shell shares, evaluated one per task before the shell's and
 * any screen's own. A module graph is evaluated in one task: imported together (the shell, the
 * dashboard and the device's start all reach them), Dexie, zod, the database's declaration, the
 * mutations' schemas and the sync engine made one task of about 240 ms on a slow phone's CPU, most
 * of the dashboard's blocking time (issue 25; docs/benchmarks-history.md). In steps, no task is over about
 * 90 ms. The shell's and the screens' routes and the device's start wait for it.
 *
 * Only when a service worker holds the code: the steps' chunks are then fetched one after another,
 * each answered at once from the device. On a first visit everything is fetched together as soon as
 * the page asks, so that a connection lost in the first second still finds the screens' code in
 * memory (a screen opened and used offline at once, client/e2e/sync-core.spec.ts).
 */
export function loadDeviceModules(): Promise<void> {
  if (!navigator.serviceWorker?.controller) return Promise.resolve();
  return (deviceModules ??= (async () => {
    for (const step of deviceModuleSteps) {
      await step();
      await nextTask();
    }
  })().catch((error: unknown) => {
    deviceModules = undefined;
    throw error;
  }));
}
