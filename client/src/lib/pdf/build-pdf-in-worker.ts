import type { LabelPdfContent } from '@shared/reports/label-pdf';
import type { ReportPdfContent } from '@shared/reports/report-pdf';
import type { PdfReply, PdfRequest } from './pdf-worker-protocol';

interface BuildOptions {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Builds a report's PDF (the low stock and job history reports') in a Web Worker (build-pdf.worker.ts), so the page stays responsive and
 * shows the progress the worker reports. One worker per PDF, ended when it answers or is aborted.
 */
export function buildPdfInWorker(content: ReportPdfContent, options: BuildOptions = {}): Promise<{ pdf: ArrayBuffer; buildMs: number }> {
  return runPdfWorker({ content }, options);
}

/** A delivery's shelf labels as a PDF, built in the same worker (jsPDF and the script fonts stay out of the page's code). */
export function buildLabelPdfInWorker(labels: LabelPdfContent, options: BuildOptions = {}): Promise<{ pdf: ArrayBuffer; buildMs: number }> {
  return runPdfWorker({ labels }, options);
}

function runPdfWorker(request: PdfRequest, { onProgress, signal }: BuildOptions): Promise<{ pdf: ArrayBuffer; buildMs: number }> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(new URL('./build-pdf.worker.ts', import.meta.url), { type: 'module', name: 'report-pdf' });
    const onAbort = () => {
      worker.terminate();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<PdfReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress?.(reply.done, reply.total);
      else if (reply.type === 'done') {
        end();
        resolve({ pdf: reply.pdf, buildMs: reply.buildMs });
      } else {
        end();
        reject(new Error(reply.message));
      }
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(event.message || 'The PDF worker could not start.'));
    };
    worker.postMessage(request);
  });
}
