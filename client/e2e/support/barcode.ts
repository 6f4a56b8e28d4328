import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import zxing from '@zxing/library';

// The package is CommonJS: Playwright's ESM loader takes its default export only.
const { BinaryBitmap, Code128Reader, DecodeHintType, HybridBinarizer, RGBLuminanceSource } = zxing;

/**
 * The Code 128 barcode on the first page of a PDF, as a scanner reads it: the page rendered at
 * 300 dpi in grey by poppler (a binary PGM, read here without an image library), the top `share`
 * of it (where the invoice draws its number) decoded by ZXing.
 */
export function readBarcodeFromPdf(file: string, share = 0.3): string {
  const out = `${file}-barcode`;
  execFileSync('pdftoppm', ['-gray', '-r', '300', '-f', '1', '-l', '1', '-singlefile', file, out]);
  const pgm = readFileSync(`${out}.pgm`);
  // Header: "P5\n<width> <height>\n<max>\n", then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a binary PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const rows = Math.floor(height * share);
  const pixels = new Uint8ClampedArray(pgm.subarray(header[0].length, header[0].length + width * rows));
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, rows)));
  return new Code128Reader().decode(bitmap, new Map([[DecodeHintType.TRY_HARDER, true]])).getText();
}
