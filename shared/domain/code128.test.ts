import { describe, expect, it } from 'vitest';
import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { code128Drawing, code128Widths, quietModules } from './code128';

/**
 * Read back by ZXing, a scanner library written apart from ours: the barcode is drawn into a
 * grey-scale image the way the invoice draws it (a bar per module span), and decoded. A wrong
 * pattern, checksum or start code would not read.
 */
function readBack(text: string, pixelsPerModule = 3): string {
  const { modules, bars } = code128Drawing(text);
  const width = modules * pixelsPerModule;
  const height = 20;
  const row = new Uint8ClampedArray(width).fill(255);
  for (const bar of bars) row.fill(0, bar.x * pixelsPerModule, (bar.x + bar.width) * pixelsPerModule);
  const pixels = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1) pixels.set(row, y * width);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)));
  return new Code128Reader().decode(bitmap, new Map()).getText();
}

describe('Code 128 B', () => {
  it.each(['INV-D01-00007', 'INV-SRV-00001', 'CN-A7K-12345', 'INV-ZZZ9-99999', 'inv-d01-00007', ' !"#$%&()*+,./:;<=>?@[\\]^_`{|}~', '0'])('%s reads back as itself', (text) => {
    expect(readBack(text)).toBe(text);
  });

  it('each symbol is 11 modules, the stop 13, and bars and spaces alternate from a bar', () => {
    const widths = code128Widths('INV-D01-00007');
    // start + 13 characters + checksum = 15 symbols of 6 widths, then the stop's 7.
    expect(widths).toHaveLength(15 * 6 + 7);
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(15 * 11 + 13);
    const { modules, bars } = code128Drawing('INV-D01-00007');
    expect(modules).toBe(15 * 11 + 13 + 2 * quietModules);
    expect(bars[0]!.x).toBe(quietModules);
  });

  it('a character outside printable ASCII is refused, not drawn wrong', () => {
    expect(() => code128Widths('INV-Ā')).toThrow('Code 128 B cannot hold "Ā".');
    expect(() => code128Widths('a\nb')).toThrow();
  });
});
