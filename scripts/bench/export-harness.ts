// Runs INSIDE Chromium (bundled by esbuild: scripts/bench/export-bench.ts): a device database of a
// big shop's catalogue, then the device's own export code timed with performance.now(), and the
// page's long tasks (over 50 ms) counted meanwhile: what the export costs the screen.
import { createGarageDb } from '@/db/db';
import { exportListFile, exportShopFile, type ExportedFile } from '@/lib/export/export-files';
import type { ExportReply, ExportRequest } from '@/lib/export/export-worker-protocol';

/** The app's export worker (export.worker.ts), bundled by the bench as /export-worker.js. */
function inWorker(request: ExportRequest): Promise<ExportedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker('/export-worker.js', { name: 'export' });
    worker.onmessage = (event: MessageEvent<ExportReply>) => {
      if (event.data.type === 'progress') return;
      worker.terminate();
      if (event.data.type === 'done') resolve(event.data.file);
      else reject(new Error(event.data.message));
    };
    worker.postMessage(request);
  });
}

const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });

const synced = { version: 1, deleted: false, updatedAt: '2026-11-25T10:00:00.000Z' };
const names = ['තෙල් පෙරහන', 'Brake pad', 'முன் விளக்கு', 'Spark plug', 'Coolant', 'Air filter'];

export interface ExportRun {
  what: string;
  rows: number;
  ms: number;
  bytes: number;
  longestTaskMs: number;
  longTasks: number;
}

async function seed(items: number, customers: number) {
  const db = createGarageDb(`export-bench-${Date.now()}`);
  for (let at = 0; at < items; at += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, items - at) }, (_, k) => {
      const i = at + k;
      return {
        ...synced,
        id: `0190${String(i).padStart(8, '0')}-item`,
        itemName: `${names[i % names.length]} ${i}`,
        barcode: String(4_790_000_000_000 + i),
        categoryId: null,
        unitPriceCents: 1_000 + (i % 500) * 100,
        costPriceCents: 700 + (i % 500) * 70,
        stockHundredths: (i % 40) * 100,
        reorderLevel: 5,
        description: i % 3 ? '' : 'Fits Toyota Axio, Premio',
        isService: false,
        warrantyMonths: i % 2 ? 6 : 0,
      };
    });
    await db.items.bulkPut(rows as never);
  }
  for (let at = 0; at < customers; at += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, customers - at) }, (_, k) => {
      const i = at + k;
      return {
        ...synced,
        id: `0190${String(i).padStart(8, '0')}-customer`,
        customerName: i % 2 ? `සුනිල් පෙරේරා ${i}` : `Murugan ${i}`,
        contactPerson: '',
        email: `c${i}@example.lk`,
        phone: `07${String(10_000_000 + i).slice(-8)}`,
        address: `${i} Galle Road, Colombo`,
        city: 'Colombo',
        isGuest: false,
        customerType: 'regular',
        vehicles: [{ make: 'Toyota', model: 'Axio', year: 2016, licensePlate: `CA${String(1000 + (i % 9000))}`, vin: '' }],
      };
    });
    await db.customers.bulkPut(rows as never);
  }
  return db;
}

async function timed(what: string, make: () => Promise<ExportedFile>): Promise<ExportRun> {
  const start = performance.now();
  const file = await make();
  const ms = performance.now() - start;
  // Long tasks are reported a moment after they end.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const during = longTasks.filter((task) => task.startTime >= start && task.startTime <= start + ms);
  return {
    what,
    rows: file.files.reduce((sum, entry) => sum + entry.rows, 0),
    ms,
    bytes: file.parts.reduce((sum, part) => sum + part.length, 0),
    longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
    longTasks: during.length,
  };
}

(window as unknown as { __exportBench: unknown }).__exportBench = {
  async run(items: number, customers: number, runs: number): Promise<ExportRun[]> {
    const db = await seed(items, customers);
    const results: ExportRun[] = [];
    for (let run = 0; run < runs; run++) {
      // As the app runs them: in its worker; the page's long tasks are what the screen feels.
      results.push(await timed('items.csv in the worker', () => inWorker({ dbName: db.name, list: 'items', readsCosts: true })));
      results.push(await timed('customers.csv in the worker', () => inWorker({ dbName: db.name, list: 'customers', readsCosts: true })));
      results.push(await timed('the whole shop (zip) in the worker', () => inWorker({ dbName: db.name, list: 'shop', readsCosts: true })));
      // The same code on the page's own thread: why the worker.
      results.push(await timed('items.csv on the page', () => exportListFile(db, 'items', true)));
      results.push(await timed('customers.csv on the page', () => exportListFile(db, 'customers', true)));
      results.push(await timed('the whole shop (zip) on the page', () => exportShopFile(db, true)));
    }
    db.close();
    return results;
  },
};
