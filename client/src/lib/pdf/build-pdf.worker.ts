/// <reference lib="webworker" />
import { jsPDF } from 'jspdf';
import { buildLabelPdf, labelScripts } from '@shared/reports/label-pdf';
import { buildReportPdf, reportScripts } from '@shared/reports/report-pdf';
import { loadScriptFonts } from './load-script-fonts';
import type { PdfReply, PdfRequest } from './pdf-worker-protocol';

// The PDF is built here, off the page's thread: 10,000 rows keep a core busy for seconds. jsPDF is
// imported only by this worker, so it never weighs on the app's start.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: PdfReply, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<PdfRequest>) => {
  const started = performance.now();
  try {
    let lastPercent = -1;
    const request = event.data;
    // Sinhala, Tamil or another script beyond Latin-1 in the report or on the labels: those fonts and
    // HarfBuzz, loaded only for such a document.
    const scripts = 'labels' in request ? labelScripts(request.labels) : reportScripts(request.content);
    const scriptFonts = scripts.length > 0 ? await loadScriptFonts(scripts) : undefined;
    const doc =
      'labels' in request
        ? buildLabelPdf({ JsPdf: jsPDF, scriptFonts }, request.labels)
        : buildReportPdf({ JsPdf: jsPDF, scriptFonts }, request.content, (done, total) => {
            const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
            if (percent === lastPercent) return;
            lastPercent = percent;
            reply({ type: 'progress', done, total });
          });
    const pdf = doc.output('arraybuffer');
    reply({ type: 'done', pdf, buildMs: performance.now() - started }, [pdf]);
  } catch (error) {
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
