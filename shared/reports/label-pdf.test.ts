import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as hb from 'harfbuzzjs';
import { jsPDF } from 'jspdf';
import { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { afterAll, describe, expect, it } from 'vitest';
import { receiptLabels } from '../domain/labels';
import { buildLabelPdf, labelScripts, type LabelPdfContent } from './label-pdf';
import { readScriptFontBytes, scriptFontsFrom } from './script-fonts';

// The labels' PDF built with the real jsPDF and HarfBuzz, read back with poppler: its pages, its
// text (a Sinhala name included), and its first barcode as a scanner reads it.

const dir = process.env.LABEL_PDF_KEEP ?? mkdtempSync(join(tmpdir(), 'label-pdf-'));
afterAll(() => {
  if (!process.env.LABEL_PDF_KEEP) rmSync(dir, { recursive: true, force: true });
});

const read = async (file: string) => new Uint8Array(readFileSync(join(__dirname, '..', 'fonts', file)));
const sinhalaName = 'එන්ජින් තෙල් 1L';

const labels = receiptLabels([
  { itemName: 'Oil Filter Toyota Corolla 2010-2018 genuine', barcode: 'OF-90915', quantityHundredths: 500, unitPriceCents: 1250_00 },
  { itemName: sinhalaName, barcode: 'EO-1L', quantityHundredths: 150, unitPriceCents: 3400_50 },
]);

async function pdfOf(content: LabelPdfContent, name: string): Promise<string> {
  const scripts = labelScripts(content);
  const scriptFonts = scripts.length > 0 ? scriptFontsFrom(hb, await readScriptFontBytes(scripts, read)) : undefined;
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(buildLabelPdf({ JsPdf: jsPDF, scriptFonts }, content).output('arraybuffer')));
  return file;
}
const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const info = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The first label's barcode as ZXing reads it from page 1 drawn at 300 dpi (its top `share`). */
function firstBarcode(file: string, share: number): string {
  const out = `${file}-gray`;
  execFileSync('pdftoppm', ['-gray', '-r', '300', '-f', '1', '-l', '1', '-singlefile', file, out]);
  const pgm = readFileSync(`${out}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const rows = Math.floor(height * share);
  const pixels = new Uint8ClampedArray(pgm.subarray(header[0].length, header[0].length + width * rows));
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, rows)));
  return new Code128Reader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
}

describe('the labels PDF', () => {
  it('A4: 7 labels on one sheet, names (Sinhala too), barcodes and prices in its text', async () => {
    expect(labels).toHaveLength(7);
    const file = await pdfOf({ format: 'a4', labels, title: 'PO-1 Labels' }, 'a4');
    expect(info(file)).toMatch(/Pages:\s+1\n/);
    expect(info(file)).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const words = text(file);
    expect(words.match(/Oil Filter Toyota/g)).toHaveLength(5);
    expect(words.match(/Rs\. 1,250\.00/g)).toHaveLength(5);
    expect(words.match(/Rs\. 3,400\.50/g)).toHaveLength(2);
    expect(words.match(/EO-1L/g)).toHaveLength(2);
    expect(words.match(new RegExp(sinhalaName, 'g'))).toHaveLength(2);
    expect(words).not.toContain('?');
    expect(firstBarcode(file, 0.12)).toBe('OF-90915');
  });

  it('50 × 25 mm: one label a page, 7 pages, each barcode readable', async () => {
    const file = await pdfOf({ format: 'roll', labels, title: 'PO-1 Labels' }, 'roll');
    expect(info(file)).toMatch(/Pages:\s+7\n/);
    expect(info(file)).toMatch(/Page size:\s+141\.73\d* x 70\.86\d* pts/);
    expect(text(file).match(/Rs\. /g)).toHaveLength(7);
    expect(firstBarcode(file, 1)).toBe('OF-90915');
  });

  it('25 labels take two A4 sheets', async () => {
    const many = receiptLabels([{ itemName: 'Spark Plug', barcode: 'SP-1', quantityHundredths: 2500, unitPriceCents: 900_00 }]);
    const file = await pdfOf({ format: 'a4', labels: many, title: 'PO-2 Labels' }, 'a4-two');
    expect(info(file)).toMatch(/Pages:\s+2\n/);
    expect(text(file).match(/Spark Plug/g)).toHaveLength(25);
  });
});
