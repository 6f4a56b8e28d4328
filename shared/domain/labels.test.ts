import { describe, expect, it } from 'vitest';
import { code128Drawing } from './code128';
import { labelCount, labelModuleMm, labelPageCount, labelPages, labelPlace, labelsPerPage, labelSheets, receiptLabels, type LabelLine } from './labels';

const line = (itemName: string, quantityHundredths: number, extra: Partial<LabelLine> = {}): LabelLine => ({
  itemName,
  barcode: `B-${itemName}`,
  quantityHundredths,
  unitPriceCents: 150_00,
  ...extra,
});

describe('labels for a delivery', () => {
  it.each([
    [500, 5, 'whole units: one label each'],
    [100, 1, 'one unit'],
    [150, 2, '1.5 (litres of oil): rounded up'],
    [101, 2, 'a hundredth over a unit is another container'],
    [1, 1, 'a hundredth still came'],
    [250, 3, '2.5: rounded up'],
    [0, 0, 'nothing received'],
    [-200, 0, 'a negative correction prints nothing'],
    [Number.NaN, 0, 'not a number prints nothing'],
  ])('%i hundredths → %i labels (%s)', (hundredths, labels) => {
    expect(labelCount(hundredths)).toBe(labels);
  });

  it('each line gives its labels in order, skipping lines that brought nothing', () => {
    const labels = receiptLabels([line('Oil Filter', 500), line('Spark Plug', 0), line('Engine Oil 1L', 150), line('Wiper', -100), line('Brake Pad', 200)]);
    expect(labels.map((label) => label.itemName)).toEqual([
      'Oil Filter',
      'Oil Filter',
      'Oil Filter',
      'Oil Filter',
      'Oil Filter',
      'Engine Oil 1L',
      'Engine Oil 1L',
      'Brake Pad',
      'Brake Pad',
    ]);
  });

  it.each([
    ['OF-123', true],
    ['තෙල් පෙරහන', false], // a barcode that is a Sinhala name (barcode = name): text only
    ['', false],
  ])('barcode %j scannable: %s', (barcode, scannable) => {
    expect(receiptLabels([line('Part', 100, { barcode })])[0]).toMatchObject({ barcodeText: barcode, scannable });
  });

  it('carries the selling price, or none for a part not on record, and never a cost', () => {
    const [priced, unpriced] = receiptLabels([line('A', 100, { unitPriceCents: 1234_50 }), line('B', 100, { unitPriceCents: null })]);
    expect(priced).toEqual({ itemName: 'A', barcodeText: 'B-A', scannable: true, priceCents: 1234_50 });
    expect(unpriced!.priceCents).toBeNull();
  });
});

describe('label pages', () => {
  it.each([
    ['a4', 0, 0],
    ['a4', 1, 1],
    ['a4', 7, 1],
    ['a4', 24, 1],
    ['a4', 25, 2],
    ['a4', 48, 2],
    ['a4', 49, 3],
    ['roll', 0, 0],
    ['roll', 1, 1],
    ['roll', 7, 7],
  ] as const)('%s: %i labels take %i pages', (format, count, pages) => {
    expect(labelPageCount(format, count)).toBe(pages);
    expect(
      labelPages(
        format,
        Array.from({ length: count }, (_, i) => i),
      ),
    ).toHaveLength(pages);
  });

  it('A4 holds 3 × 8 = 24 labels of 70 × 37 mm that fit the sheet; the roll one of 50 × 25 mm', () => {
    expect(labelsPerPage('a4')).toBe(24);
    expect(labelsPerPage('roll')).toBe(1);
    for (const sheet of Object.values(labelSheets)) {
      expect(sheet.leftMm * 2 + sheet.columns * sheet.labelWidthMm).toBeLessThanOrEqual(sheet.pageWidthMm);
      expect(sheet.topMm * 2 + sheet.rows * sheet.labelHeightMm).toBeLessThanOrEqual(sheet.pageHeightMm);
    }
    expect(labelSheets.roll).toMatchObject({ pageWidthMm: 50, pageHeightMm: 25, labelWidthMm: 50, labelHeightMm: 25 });
  });

  it.each([
    [0, { page: 0, xMm: 0, yMm: 0.5 }],
    [1, { page: 0, xMm: 70, yMm: 0.5 }],
    [2, { page: 0, xMm: 140, yMm: 0.5 }],
    [3, { page: 0, xMm: 0, yMm: 37.5 }],
    [23, { page: 0, xMm: 140, yMm: 259.5 }],
    [24, { page: 1, xMm: 0, yMm: 0.5 }],
  ])('A4 label %i is placed at %j, row by row', (index, place) => {
    expect(labelPlace('a4', index)).toEqual(place);
  });

  it('a roll label is alone on its page', () => {
    expect(labelPlace('roll', 6)).toEqual({ page: 6, xMm: 0, yMm: 0 });
  });

  it('the bars keep the invoices’ 0.33 mm module, narrower only to fit the label', () => {
    expect(labelModuleMm(code128Drawing('OF1').modules, 64)).toBe(0.33);
    const long = code128Drawing('OIL-FILTER-12345').modules;
    expect(labelModuleMm(long, 46) * long).toBeCloseTo(46);
  });
});
