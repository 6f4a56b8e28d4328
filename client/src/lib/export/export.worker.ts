/// <reference lib="webworker" />
import { createGarageDb } from '@/db/db';
import { exportListFile, exportShopFile } from './export-files';
import type { ExportReply, ExportRequest } from './export-worker-protocol';

// The export runs here, off the page's thread (issue 43): reading 50,000 items and writing their
// lines held the page's thread 250 to 400 ms at a time in Chromium on a busy machine. The worker opens
// the same device database (IndexedDB takes several connections) and reads only.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: ExportReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<ExportRequest>) => {
  const { dbName, list, readsCosts } = event.data;
  const db = createGarageDb(dbName);
  try {
    let reported = 0;
    const onProgress = (progress: { list: string; rows: number }) => {
      // At most a few messages a second: the page only shows a count.
      if (performance.now() - reported < 200) return;
      reported = performance.now();
      reply({ type: 'progress', ...progress });
    };
    const file = list === 'shop' ? await exportShopFile(db, readsCosts, onProgress) : await exportListFile(db, list, readsCosts, onProgress);
    // The chunks' buffers move to the page rather than being copied.
    reply({ type: 'done', file }, [...new Set(file.parts.map((part) => part.buffer as ArrayBuffer))]);
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  } finally {
    db.close();
  }
};
