import { code128Drawing } from '../domain/code128';
import { labelLayouts, labelModuleMm, labelPlace, labelSheets, type LabelFormat, type ShelfLabel } from '../domain/labels';
import { formatMoney } from '../domain/money';
import { charWidthMeasure, wrapText } from './pdf-table';
import type { PrintScriptName } from './print-scripts';
import { textWriter, type PdfInternals, type PdfLibrary } from './report-pdf';
import { scriptsIn, withoutBidiControls } from './script-runs';
import type { ScriptFontStyle } from './script-fonts';

/** A delivery's shelf labels as a PDF (issue 44, point 5): the same labels the print page shows. */
export interface LabelPdfContent {
  format: LabelFormat;
  labels: ShelfLabel[];
  /** The document's title (its properties), e.g. 'PO-D01-00001 Labels'. */
  title: string;
}

/** The scripts beyond Latin-1 on the labels (a name in Sinhala or Tamil), whose fonts the PDF needs. */
export function labelScripts(content: LabelPdfContent): PrintScriptName[] {
  const found = new Set<PrintScriptName>();
  for (const label of content.labels) {
    scriptsIn(label.itemName, found);
    scriptsIn(label.barcodeText, found);
  }
  return [...found];
}

const ptPerMm = 72 / 25.4;
const num = (value: number) => (Math.round(value * 100) / 100).toString();

/**
 * Builds the labels' PDF: A4 pages of 3 × 8, or one 50 × 25 mm page a label. Names are written as
 * the reports write theirs (report-pdf.ts's textWriter: Helvetica, or Sinhala and Tamil shaped by
 * HarfBuzz), the bars as filled rectangles (vectors, sharp on any printer).
 */
export function buildLabelPdf({ JsPdf, scriptFonts }: PdfLibrary, content: LabelPdfContent) {
  const sheet = labelSheets[content.format];
  const layout = labelLayouts[content.format];
  const pageWidth = sheet.pageWidthMm * ptPerMm;
  const pageHeight = sheet.pageHeightMm * ptPerMm;
  // A4 by its name (jsPDF's exact size); jsPDF turns a page wider than high round unless asked for landscape.
  const format = content.format === 'a4' ? 'a4' : [pageWidth, pageHeight];
  const orientation = pageWidth > pageHeight ? 'landscape' : 'portrait';
  const doc = new JsPdf({ orientation, unit: 'pt', format, compress: true });
  doc.setProperties({ title: content.title });
  const internals = doc.internal as unknown as PdfInternals;
  const writer = textWriter(doc, internals, scriptFonts);
  const helveticaMeasure = (style: ScriptFontStyle, size: number) => {
    const font = internals.getFont('helvetica', style);
    return charWidthMeasure((char) => doc.getStringUnitWidth(char, { font } as object), size);
  };
  const ids = { normal: internals.getFont('helvetica', 'normal').id, bold: internals.getFont('helvetica', 'bold').id };
  const text = (line: string, x: number, yMm: number, style: ScriptFontStyle, size: number) =>
    `/${ids[style]} ${size} Tf ${writer.lineOps(line, x, pageHeight - yMm * ptPerMm, ids[style], style, size, helveticaMeasure(style, size))}`;

  const nameLatin = helveticaMeasure('bold', layout.nameSize);
  const nameMeasure = writer.measureOf(nameLatin, 'bold', layout.nameSize);
  const codeMeasure = writer.measureOf(helveticaMeasure('normal', layout.codeSize), 'normal', layout.codeSize);
  const priceMeasure = writer.measureOf(helveticaMeasure('bold', layout.priceSize), 'bold', layout.priceSize);
  const nameLineMm = (layout.nameSize * 1.15) / ptPerMm;

  let page = 0;
  let shapes: string[] = [];
  let texts: string[] = [];
  const flush = () => {
    internals.write('0 g', shapes.join('\n'), `BT 0 g\n${texts.join('\n')}\nET`);
    shapes = [];
    texts = [];
  };
  content.labels.forEach((label, index) => {
    const place = labelPlace(content.format, index);
    if (place.page !== page) {
      flush();
      doc.addPage(format, orientation);
      page = place.page;
    }
    const left = (place.xMm + layout.padMm) * ptPerMm;
    const inner = (sheet.labelWidthMm - 2 * layout.padMm) * ptPerMm;
    const right = left + inner;

    // The name, bold, in at most two lines (the last ending in '...' when it runs on).
    const nameLines = wrapText(withoutBidiControls(label.itemName), inner, nameMeasure, layout.nameLines);
    nameLines.forEach((line, i) => {
      texts.push(text(line, left, place.yMm + layout.padMm + (layout.nameSize * 0.8) / ptPerMm + i * nameLineMm, 'bold', layout.nameSize));
    });

    // The bars, centred, their quiet zones inside the label; none for a barcode Code 128 cannot hold.
    if (label.scannable) {
      const { modules, bars } = code128Drawing(label.barcodeText);
      const moduleMm = labelModuleMm(modules, sheet.labelWidthMm - 2 * layout.padMm);
      const startMm = place.xMm + (sheet.labelWidthMm - modules * moduleMm) / 2;
      const bottom = pageHeight - (place.yMm + layout.barTopMm + layout.barHeightMm) * ptPerMm;
      for (const bar of bars) {
        shapes.push(`${num((startMm + bar.x * moduleMm) * ptPerMm)} ${num(bottom)} ${num(bar.width * moduleMm * ptPerMm)} ${num(layout.barHeightMm * ptPerMm)} re f`);
      }
    }

    // Under the bars: the barcode's text on the left, the selling price on the right.
    const foot = place.yMm + layout.footBaselineMm;
    const code = withoutBidiControls(label.barcodeText);
    const price = label.priceCents === null ? '' : formatMoney(label.priceCents);
    const codeRoom = inner - priceMeasure(price) - 2 * ptPerMm;
    const [codeLine = ''] = wrapText(code, Math.max(codeRoom, 0), codeMeasure, 1);
    if (codeLine) texts.push(text(codeLine, left, foot, 'normal', layout.codeSize));
    if (price) texts.push(text(price, right - priceMeasure(price), foot, 'bold', layout.priceSize));
  });
  flush();
  return doc;
}
