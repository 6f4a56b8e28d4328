import type { jsPDF } from 'jspdf';
import type { autoTable as AutoTable } from 'jspdf-autotable';

/**
 * The one layout of the reports' PDFs (spec 2.15, 2.16, 9): A4 portrait, 40 pt margins, a title, a
 * line of filters or notes, the time it was generated, a table, and 'Page X of Y' in every footer.
 * Written once for the browser (client PDFs, built off the main thread) and the server (its own
 * report.pdf). jsPDF and autoTable are passed in, so neither side imports them before it needs them.
 */
export interface ReportPdfContent {
  title: string;
  /** Lines under the title: the filters, 'All jobs', the total. */
  notes?: string[];
  generatedAt: Date;
  columns: string[];
  rows: string[][];
  /** Table text size in pt (9 by default, the job history report's). */
  fontSize?: number;
  /** Right-aligned columns by index (amounts, quantities). */
  numericColumns?: number[];
  /** Rows to draw in a mark colour (e.g. negative stock), by index. */
  markedRows?: ReadonlySet<number>;
}

export interface PdfLibrary {
  JsPdf: typeof jsPDF;
  autoTable: typeof AutoTable;
}

export const reportMargin = 40;

/** 'Generated: 23/11/2026 10:05' in the device's (or server's) local time. */
export function generatedLine(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Generated: ${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * Builds the PDF. `onRowsDrawn(done, total)` is called as pages are drawn, so a worker can report
 * progress while a big report (10,000 rows) is built.
 */
export function buildReportPdf(
  { JsPdf, autoTable }: PdfLibrary,
  content: ReportPdfContent,
  onRowsDrawn?: (done: number, total: number) => void,
): jsPDF {
  const doc = new JsPdf({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const width = doc.internal.pageSize.getWidth();
  let y = reportMargin + 8;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(content.title, reportMargin, y);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  for (const note of [...(content.notes ?? []), generatedLine(content.generatedAt)]) {
    y += 16;
    doc.text(note, reportMargin, y, { maxWidth: width - 2 * reportMargin });
  }
  const numeric = new Set(content.numericColumns ?? []);
  const total = content.rows.length;
  let drawn = 0;
  autoTable(doc, {
    head: [content.columns],
    body: content.rows,
    startY: y + 14,
    margin: { top: reportMargin, right: reportMargin, bottom: reportMargin + 14, left: reportMargin },
    styles: { fontSize: content.fontSize ?? 9, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [37, 99, 235], textColor: 255 },
    columnStyles: Object.fromEntries([...numeric].map((index) => [index, { halign: 'right' as const }])),
    didParseCell: (data) => {
      if (data.section === 'body' && content.markedRows?.has(data.row.index)) data.cell.styles.textColor = [185, 28, 28];
    },
    didDrawCell: (data) => {
      if (data.section === 'body' && data.column.index === 0) drawn++;
    },
    didDrawPage: () => onRowsDrawn?.(Math.min(drawn, total), total),
  });
  const pages = doc.getNumberOfPages();
  const height = doc.internal.pageSize.getHeight();
  doc.setFontSize(9);
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.text(`Page ${page} of ${pages}`, width / 2, height - reportMargin / 2, { align: 'center' });
  }
  onRowsDrawn?.(total, total);
  return doc;
}
