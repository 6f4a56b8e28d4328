import type { PdfLibrary } from '../../../shared/reports/report-pdf';

let loading: Promise<PdfLibrary> | undefined;

/** jsPDF (its node build) and autoTable, loaded at the first PDF rather than at every start. */
export function pdfLibrary(): Promise<PdfLibrary> {
  loading ??= Promise.all([import('jspdf'), import('jspdf-autotable')]).then(
    ([{ jsPDF }, { autoTable }]) => ({ JsPdf: jsPDF, autoTable }),
    (error: unknown) => {
      loading = undefined; // a failed load is tried again next time
      throw error;
    },
  );
  return loading;
}
