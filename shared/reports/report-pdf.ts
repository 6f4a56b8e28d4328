import type { jsPDF } from 'jspdf';
import { charWidthMeasure, columnWidths, pdfString, wrapText, type Measure } from './pdf-table';
import type { PrintScriptName } from './print-scripts';
import type { ScriptFace, ScriptFonts, ScriptFontStyle } from './script-fonts';
import { hasScriptText, scriptRuns, scriptsIn, withoutBidiControls, type Script } from './script-runs';

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
  /** HarfBuzz with the fonts of the scripts `reportScripts` names; needed only when it names any. */
  scriptFonts?: ScriptFonts;
}

/** The scripts beyond Latin-1 a report holds, whose fonts its PDF needs (print-scripts.ts); often none. */
export function reportScripts(content: ReportPdfContent): PrintScriptName[] {
  const found = new Set<PrintScriptName>();
  for (const text of [content.title, ...(content.notes ?? []), ...content.columns]) scriptsIn(text, found);
  for (const row of content.rows) for (const cell of row) scriptsIn(cell, found);
  return [...found];
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
export interface PdfInternals {
  getFont(name: string, style: string): PdfFont;
  write(...text: string[]): void;
}

/** What jsPDF keeps of an embedded TrueType font: the glyphs to subset, their widths, the text map. */
interface PdfFont {
  id: string;
  metadata: { glyIdsUsed: number[]; toUnicode: Record<number, number>; Unicode: { widths: (number | number[])[] } };
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** A text as UTF-16BE hex with its byte order mark: the PDF's ActualText of a shaped run. */
function utf16Hex(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `${hex}>`;
}

/**
 * Registers the script fonts with the document and returns what the table needs of them: a measure
 * and the operators that draw a line of text, Latin runs in Helvetica and Sinhala or Tamil runs as
 * shaped glyphs. Without script fonts, every line is one Helvetica run (the fast path of 10,000 rows).
 * The shelf labels' PDF (label-pdf.ts) writes its names with it too.
 */
export function textWriter(doc: jsPDF, internals: PdfInternals, scriptFonts: ScriptFonts | undefined) {
  const fonts = new Map<string, { font: PdfFont; seen: Set<number> }>();
  for (const [script, faces] of Object.entries(scriptFonts ?? {}) as [PrintScriptName, Record<ScriptFontStyle, ScriptFace>][]) {
    for (const style of ['normal', 'bold'] as const) {
      // A script without a bold face draws bold text in its regular one, embedded once.
      if (style === 'bold' && faces.bold === faces.normal) continue;
      const file = `report-${script}-${style}.ttf`;
      let binary = '';
      const bytes = faces[style].bytes;
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      doc.addFileToVFS(file, binary);
      doc.addFont(file, `report-${script}`, style, undefined, 'Identity-H');
      fonts.set(`${script}-${style}`, { font: internals.getFont(`report-${script}`, style), seen: new Set() });
    }
  }
  const fontOf = (script: PrintScriptName, style: ScriptFontStyle) => fonts.get(`${script}-${style}`) ?? fonts.get(`${script}-normal`);
  /** The run's face, or none when its script's fonts were not loaded (then it prints in Helvetica, as '?'). */
  const faceOf = (script: Script, style: ScriptFontStyle): ScriptFace | undefined => (script === 'latin' ? undefined : scriptFonts?.[script]?.[style]);

  /** A measure of whole lines: Helvetica's widths for Latin, the shaped advances for the rest. */
  const measureOf = (latin: Measure, style: ScriptFontStyle, size: number): Measure => {
    if (!scriptFonts) return latin;
    return (text) => {
      if (!hasScriptText(text)) return latin(text);
      return scriptRuns(text).reduce((width, run) => {
        const face = faceOf(run.script, style);
        return width + (face ? (face.width(run.text) * size) / 1000 : latin(run.text));
      }, 0);
    };
  };

  /**
   * Operators (inside BT … ET) that draw `line` from (x, y), its colour and Helvetica already set. A
   * line with Sinhala or Tamil switches fonts run by run and sets Helvetica back at its end.
   */
  const lineOps = (line: string, x: number, y: number, latinFontId: string, style: ScriptFontStyle, size: number, latin: Measure): string => {
    if (!scriptFonts || !hasScriptText(line)) return `1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(line)} Tj`;
    const ops: string[] = [];
    let pen = x;
    for (const run of scriptRuns(line)) {
      const face = faceOf(run.script, style);
      if (!face || run.script === 'latin') {
        ops.push(`/${latinFontId} ${size} Tf 1 0 0 1 ${num(pen)} ${num(y)} Tm ${pdfString(run.text)} Tj`);
        pen += latin(run.text);
        continue;
      }
      const { font, seen } = fontOf(run.script, style)!;
      // Glyphs in visual order, each placed where HarfBuzz put it; the ActualText gives text
      // extraction (search, copy, pdftotext) the characters in their written order.
      ops.push(`/Span <</ActualText ${utf16Hex(run.text)}>> BDC /${font.id} ${size} Tf`);
      for (const glyph of face.shape(run.text)) {
        if (!seen.has(glyph.id)) {
          seen.add(glyph.id);
          font.metadata.glyIdsUsed.push(glyph.id);
          font.metadata.Unicode.widths.push(glyph.id, [Math.round(glyph.advance)]);
          if (glyph.char !== undefined) font.metadata.toUnicode[glyph.id] = glyph.char;
        }
        const gx = pen + (glyph.dx * size) / 1000;
        const gy = y + (glyph.dy * size) / 1000;
        ops.push(`1 0 0 1 ${num(gx)} ${num(gy)} Tm <${glyph.id.toString(16).padStart(4, '0')}> Tj`);
        pen += (glyph.advance * size) / 1000;
      }
      ops.push('EMC');
    }
    ops.push(`/${latinFontId} ${size} Tf`);
    return ops.join('\n');
  };
  return { measureOf, lineOps };
}

/** The content with its direction marks taken out (withoutBidiControls). */
function printableContent(content: ReportPdfContent): ReportPdfContent {
  return {
    ...content,
    title: withoutBidiControls(content.title),
    notes: content.notes?.map(withoutBidiControls),
    columns: content.columns.map(withoutBidiControls),
    rows: content.rows.map((row) => row.map(withoutBidiControls)),
  };
}

/**
 * Builds the PDF. `onRowsDrawn(done, total)` is called as pages are drawn, so a worker can report
 * progress while a big report (10,000 rows) is built.
 */
export function buildReportPdf({ JsPdf, scriptFonts }: PdfLibrary, written: ReportPdfContent, onRowsDrawn?: (done: number, total: number) => void): jsPDF {
  const content = printableContent(written);
  const doc = new JsPdf({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const internals = doc.internal as unknown as PdfInternals;
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const writer = textWriter(doc, internals, scriptFonts);
  // Each measure names its font: it asks jsPDF lazily, whatever font is current by then.
  const helveticaMeasure = (style: ScriptFontStyle, size: number) => {
    const font = internals.getFont('helvetica', style);
    return charWidthMeasure((char) => doc.getStringUnitWidth(char, { font } as object), size);
  };
  const fontId = internals.getFont('helvetica', 'normal').id;
  const boldId = internals.getFont('helvetica', 'bold').id;

  // The title and the notes: one line each, as jsPDF writes them, or as runs when they hold Sinhala
  // or Tamil (a filter by a customer's name).
  let y = reportMargin + 8;
  const heading = (text: string, style: ScriptFontStyle, size: number) => {
    if (scriptFonts && hasScriptText(text)) {
      doc.setTextColor(0);
      const id = style === 'bold' ? boldId : fontId;
      internals.write(`BT 0 g /${id} ${size} Tf ${writer.lineOps(text, reportMargin, height - y, id, style, size, helveticaMeasure(style, size))} ET`);
      return;
    }
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.text(text, reportMargin, y, { maxWidth: width - 2 * reportMargin });
  };
  heading(content.title, 'bold', 16);
  for (const note of [...(content.notes ?? []), generatedLine(content.generatedAt)]) {
    y += 16;
    heading(note, 'normal', 10);
  }

  // Layout: column widths from every row's text, each cell wrapped to its column.
  const size = content.fontSize ?? 9;
  const lineHeight = size * doc.getLineHeightFactor();
  const headLatin = helveticaMeasure('bold', size);
  const latin = helveticaMeasure('normal', size);
  const headMeasure = writer.measureOf(headLatin, 'bold', size);
  const measure = writer.measureOf(latin, 'normal', size);
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
  const row = (top: number, cells: string[][], rowHeight: number, fill: string | null, bold: boolean, colour: string) => {
    if (fill) shapes.push(`${fill} ${num(reportMargin)} ${num(height - top - rowHeight)} ${num(tableWidth)} ${num(rowHeight)} re f`);
    texts.push(`/${bold ? boldId : fontId} ${size} Tf ${colour}`);
    const lineMeasure = bold ? headMeasure : measure;
    cells.forEach((lines, c) => {
      lines.forEach((line, i) => {
        if (!line) return;
        const x = numeric.has(c) ? lefts[c]! + widths[c]! - cellPadding - lineMeasure(line) : lefts[c]! + cellPadding;
        texts.push(writer.lineOps(line, x, height - (top + baseline + i * lineHeight), bold ? boldId : fontId, bold ? 'bold' : 'normal', size, bold ? headLatin : latin));
      });
    });
  };
  const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((lines) => lines.length)) * lineHeight + 2 * cellPadding;
  const head = content.columns.map((title, c) => wrapText(title, widths[c]! - 2 * cellPadding, headMeasure));
  const headHeight = heightOf(head);
  const drawHead = (top: number) => {
    row(top, head, headHeight, headFill, true, headText);
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
    row(top, cells, rowHeight, index % 2 === 1 ? stripeFill : null, false, content.markedRows?.has(index) ? markText : bodyText);
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
