import type { PdfLibrary } from '../../../shared/reports/report-pdf';

let loading: Promise<PdfLibrary> | undefined;

/** jsPDF (its node build), loaded at the first PDF rather than at every start. */
export function pdfLibrary(): Promise<PdfLibrary> {
  loading ??= import('jspdf').then(
    ({ jsPDF }) => ({ JsPdf: jsPDF }),
    (error: unknown) => {
      loading = undefined; // a failed load is tried again next time
      throw error;
    },
  );
  return loading;
}
