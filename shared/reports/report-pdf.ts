import type { jsPDF } from 'jspdf';
import { charWidthMeasure, columnWidths, pdfString, wrapText } from './pdf-table';

/**
 * The one layout of the reports' PDFs (spec 2.15, 2.16, 9): A4 portrait, 40 pt margins, a title, a
 * line of filters or notes, the time it was generated, a table, and 'Page X of Y' in every footer.
 * Written once for the browser (client PDFs, built off the main thread) and the server (its own
 * report.pdf). jsPDF is passed in, so neither side imports it before it needs it.
 *
 * The table is drawn with PDF text operators written straight into each page (jsPDF's
 * `internal.write`), laid out by pdf-table.ts: jspdf-autotable took 3.3 s in Node and about 6 s in a
 * tablet's worker for 10,000 rows (most of it per-cell work), this takes a tenth of that.
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
}

export const reportMargin = 40;

/** 'Generated: 23/11/2026 10:05' in the device's (or server's) local time. */
export function generatedLine(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Generated: ${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The table's look: the header row blue with white bold text, body rows striped, marked rows red. */
const cellPadding = 3;
const headFill = '0.145 0.388 0.922 rg';
const stripeFill = '0.961 g';
const bodyText = '0.078 g';
const headText = '1 g';
const markText = '0.725 0.110 0.110 rg';

/** jsPDF's internals this file uses: the font ids, and writing operators into the current page. */
interface PdfInternals {
  getFont(name: string, style: string): { id: string };
  write(...text: string[]): void;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/**
 * Builds the PDF. `onRowsDrawn(done, total)` is called as pages are drawn, so a worker can report
 * progress while a big report (10,000 rows) is built.
 */
export function buildReportPdf({ JsPdf }: PdfLibrary, content: ReportPdfContent, onRowsDrawn?: (done: number, total: number) => void): jsPDF {
  const doc = new JsPdf({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const internals = doc.internal as unknown as PdfInternals;
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
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

  // Layout: column widths from every row's text, each cell wrapped to its column.
  const size = content.fontSize ?? 9;
  const lineHeight = size * doc.getLineHeightFactor();
  const fontId = internals.getFont('helvetica', 'normal').id;
  const boldId = internals.getFont('helvetica', 'bold').id;
  doc.setFont('helvetica', 'bold');
  const headMeasure = charWidthMeasure((char) => doc.getStringUnitWidth(char), size);
  doc.setFont('helvetica', 'normal');
  const measure = charWidthMeasure((char) => doc.getStringUnitWidth(char), size);
  const tableWidth = width - 2 * reportMargin;
  const widths = columnWidths(content.columns, content.rows, measure, headMeasure, tableWidth, cellPadding);
  const lefts = widths.map((_, c) => reportMargin + widths.slice(0, c).reduce((a, b) => a + b, 0));
  const numeric = new Set(content.numericColumns ?? []);
  const bottom = height - reportMargin - 14; // room for the footer
  const baseline = cellPadding + size * 0.8; // from a row's top to its first line's baseline

  // Operators for the page being drawn, written when it is full: shapes first, then the text.
  let shapes: string[] = [];
  let texts: string[] = [];
  const flush = () => {
    internals.write(shapes.join('\n'), `BT\n${texts.join('\n')}\nET`);
    shapes = [];
    texts = [];
  };
  const row = (top: number, cells: string[][], rowHeight: number, fill: string | null, font: string, colour: string, measureOf: typeof measure) => {
    if (fill) shapes.push(`${fill} ${num(reportMargin)} ${num(height - top - rowHeight)} ${num(tableWidth)} ${num(rowHeight)} re f`);
    texts.push(`/${font} ${size} Tf ${colour}`);
    cells.forEach((lines, c) => {
      lines.forEach((line, i) => {
        if (!line) return;
        const x = numeric.has(c) ? lefts[c]! + widths[c]! - cellPadding - measureOf(line) : lefts[c]! + cellPadding;
        texts.push(`1 0 0 1 ${num(x)} ${num(height - (top + baseline + i * lineHeight))} Tm ${pdfString(line)} Tj`);
      });
    });
  };
  const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((lines) => lines.length)) * lineHeight + 2 * cellPadding;
  const head = content.columns.map((title, c) => wrapText(title, widths[c]! - 2 * cellPadding, headMeasure));
  const headHeight = heightOf(head);
  const drawHead = (top: number) => {
    row(top, head, headHeight, headFill, boldId, headText, headMeasure);
    return top + headHeight;
  };

  const total = content.rows.length;
  let top = drawHead(y + 14);
  content.rows.forEach((cellsText, index) => {
    const cells = content.columns.map((_, c) => wrapText(cellsText[c] ?? '', widths[c]! - 2 * cellPadding, measure));
    const rowHeight = heightOf(cells);
    if (top + rowHeight > bottom) {
      flush();
      onRowsDrawn?.(index, total);
      doc.addPage();
      top = drawHead(reportMargin);
    }
    row(top, cells, rowHeight, index % 2 === 1 ? stripeFill : null, fontId, content.markedRows?.has(index) ? markText : bodyText, measure);
    top += rowHeight;
  });
  flush();

  const pages = doc.getNumberOfPages();
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  doc.setTextColor(0);
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.text(`Page ${page} of ${pages}`, width / 2, height - reportMargin / 2, { align: 'center' });
  }
  onRowsDrawn?.(total, total);
  return doc;
}
