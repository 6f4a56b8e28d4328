import type { ExportedFile } from './export-files';
import type { ExportReply, ExportRequest } from './export-worker-protocol';
import type { ExportProgress } from './write-list';

/**
 * Makes an export in a Web Worker (export.worker.ts), so the page stays responsive at a big shop's
 * size, and hands back the file with its bytes. One worker per export, ended when it answers.
 */
export function exportInWorker(request: ExportRequest, onProgress?: (progress: ExportProgress) => void): Promise<ExportedFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'export' });
    worker.onmessage = (event: MessageEvent<ExportReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') return onProgress?.(reply);
      worker.terminate();
      if (reply.type === 'done') resolve(reply.file);
      else reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The export could not start.'));
    };
    worker.postMessage(request);
  });
}
