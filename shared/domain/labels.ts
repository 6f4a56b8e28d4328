import { code128Widths } from './code128';

// Shelf labels for a delivery (issue 44, point 5): one label per unit received, each with the
// part's name, its barcode in Code 128 (as the invoices draw theirs) and its selling price. Never a
// cost: Staff receive goods and print these, and they read no costs.

/** A receipt line as the label rule needs it. */
export interface LabelLine {
  itemName: string;
  barcode: string;
  quantityHundredths: number;
  /** The part's selling price now; null when the part is not on record (no price to print). */
  unitPriceCents: number | null;
}

export interface ShelfLabel {
  itemName: string;
  /** The text under the bars (the part's barcode as recorded). */
  barcodeText: string;
  /** Whether Code 128 can hold it (printable ASCII): otherwise the label shows the text alone. */
  scannable: boolean;
  priceCents: number | null;
}

/** Whether `text` can be drawn as Code 128 B (a barcode may be a name typed in Sinhala: decisions, barcode = name). */
export function code128Fits(text: string): boolean {
  if (text === '') return false;
  try {
    code128Widths(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * How many labels a received quantity (hundredths) takes. A fraction is rounded up: 1.5 l of oil
 * came in two cans (or one can and an open one) and each container on the shelf needs its label; a
 * label short is a part that cannot be scanned at the counter, one over is a sticker thrown away.
 * Nothing received (zero, or a negative correction) prints nothing.
 */
export function labelCount(quantityHundredths: number): number {
  if (!Number.isFinite(quantityHundredths) || quantityHundredths <= 0) return 0;
  return Math.ceil(quantityHundredths / 100);
}

/** The labels of a delivery's lines, in the lines' order, each line's labels together. */
export function receiptLabels(lines: readonly LabelLine[]): ShelfLabel[] {
  return lines.flatMap((line) => {
    const label: ShelfLabel = {
      itemName: line.itemName,
      barcodeText: line.barcode,
      scannable: code128Fits(line.barcode),
      priceCents: line.unitPriceCents,
    };
    return Array.from({ length: labelCount(line.quantityHundredths) }, () => label);
  });
}

export type LabelFormat = 'a4' | 'roll';

export interface LabelSheet {
  /** Page size, mm. */
  pageWidthMm: number;
  pageHeightMm: number;
  columns: number;
  rows: number;
  /** One label's size, mm; labels touch (no gaps), as on the die-cut sheets sold for them. */
  labelWidthMm: number;
  labelHeightMm: number;
  /** The sheet's margin to the first label, mm (the grid centred on the page). */
  leftMm: number;
  topMm: number;
}

/**
 * The two formats: an A4 sheet of 3 × 8 labels of 70 × 37 mm (the common 24-up sheet), and a
 * 50 × 25 mm label a page for a label printer.
 */
export const labelSheets: Record<LabelFormat, LabelSheet> = {
  a4: { pageWidthMm: 210, pageHeightMm: 297, columns: 3, rows: 8, labelWidthMm: 70, labelHeightMm: 37, leftMm: 0, topMm: 0.5 },
  roll: { pageWidthMm: 50, pageHeightMm: 25, columns: 1, rows: 1, labelWidthMm: 50, labelHeightMm: 25, leftMm: 0, topMm: 0 },
};

/**
 * Where a label's parts go, mm from its top-left corner, and their sizes in pt: the same numbers
 * the print page gives its labels (labels-document.tsx), so paper and PDF agree.
 */
export const labelLayouts: Record<
  LabelFormat,
  { padMm: number; nameSize: number; nameLines: number; barTopMm: number; barHeightMm: number; footBaselineMm: number; codeSize: number; priceSize: number }
> = {
  a4: { padMm: 3, nameSize: 9, nameLines: 2, barTopMm: 11, barHeightMm: 16, footBaselineMm: 31.5, codeSize: 8, priceSize: 11 },
  roll: { padMm: 1.5, nameSize: 7, nameLines: 2, barTopMm: 7.2, barHeightMm: 11, footBaselineMm: 21.6, codeSize: 6, priceSize: 8 },
};

export const labelsPerPage = (format: LabelFormat) => labelSheets[format].columns * labelSheets[format].rows;

/** Pages `count` labels take (none for none). */
export const labelPageCount = (format: LabelFormat, count: number) => Math.ceil(Math.max(0, count) / labelsPerPage(format));

/** Where the label at `index` goes: its page (from 0) and its top-left corner on it, mm; filled row by row. */
export function labelPlace(format: LabelFormat, index: number): { page: number; xMm: number; yMm: number } {
  const sheet = labelSheets[format];
  const perPage = labelsPerPage(format);
  const onPage = index % perPage;
  return {
    page: Math.floor(index / perPage),
    xMm: sheet.leftMm + (onPage % sheet.columns) * sheet.labelWidthMm,
    yMm: sheet.topMm + Math.floor(onPage / sheet.columns) * sheet.labelHeightMm,
  };
}

/** The labels in pages of the format's size. */
export function labelPages<T>(format: LabelFormat, labels: readonly T[]): T[][] {
  const perPage = labelsPerPage(format);
  return Array.from({ length: labelPageCount(format, labels.length) }, (_, page) => labels.slice(page * perPage, (page + 1) * perPage));
}

/** The barcode's module (narrowest bar) width, mm: 0.33 mm as on the invoices, narrower only to fit the label. */
export function labelModuleMm(modules: number, availableMm: number): number {
  return Math.min(0.33, availableMm / modules);
}
