import { describe, expect, it } from 'vitest';
import { compareLowStock, lowStockPdfContent, lowStockStockText, lowStockWords, parseThreshold, parseView, type LowStockLine } from './low-stock';

const line = (id: string, itemName: string, stockHundredths: number, overrides: Partial<LowStockLine> = {}): LowStockLine => ({
  id,
  barcode: `BC-${id}`,
  itemName,
  categoryName: 'Filters',
  stockHundredths,
  reorderLevel: 3,
  unitPriceCents: 125050,
  ...overrides,
});

describe('?threshold= of the report', () => {
  it.each<[string | undefined, number]>([
    [undefined, 200],
    ['', 200],
    ['  ', 200],
    ['2', 200],
    ['0', 0],
    ['1.5', 150],
    [' 10 ', 1000],
    ['0.005', 1],
    ['1000000', 100_000_000],
  ])('%j is %i hundredths', (text, hundredths) => {
    expect(parseThreshold(text)).toMatchObject({ ok: true, hundredths });
  });

  it.each(['abc', '-1', '-0.5', '1e3', '0x10', 'Infinity', 'NaN', '2,5', '1000000.01', 'true'])('%j is refused with a message naming it', (text) => {
    const result = parseThreshold(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(/^threshold must be a number from 0 to 1,000,000/);
  });
});

describe('?view= of the report', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'threshold'],
    ['', 'threshold'],
    [' ', 'threshold'],
    ['reorder', 'reorder'],
    [' reorder ', 'reorder'],
  ])('%j is the %s view', (text, view) => {
    expect(parseView(text)).toEqual({ ok: true, view });
  });

  it.each(['Reorder', 'threshold', 'below', '1'])('%j is refused with a message naming it', (text) => {
    expect(parseView(text)).toMatchObject({ ok: false, message: expect.stringMatching(/^view must be 'reorder'/) });
  });

  it.each([
    ['threshold', 'Low Stock Items (Qty < 2)', 'Low Stock Items Report (Qty < 2)', 'low_stock_items.pdf'],
    ['reorder', 'Low Stock Items (Below Reorder Level)', 'Low Stock Items Report (Below Reorder Level)', 'low_stock_items_below_reorder_level.pdf'],
  ] as const)('the %s view is titled %j, its PDF %j, saved as %s', (view, title, pdfTitle, fileName) => {
    expect(lowStockWords(view)).toMatchObject({ title, pdfTitle, fileName });
  });
});

describe('the order of the report', () => {
  it('lists the emptiest first, then by name ignoring ASCII case, then by id', () => {
    const lines = [
      line('c', 'oil filter', 100),
      line('a', 'Brake pad', 150),
      line('b', 'Air filter', -100),
      line('e', 'Oil Filter', 100),
      line('d', 'apple', 100),
      line('f', 'Bulb', 0),
    ];
    expect(lines.sort(compareLowStock).map((l) => l.id)).toEqual(['b', 'f', 'd', 'c', 'e', 'a']);
  });
});

describe('the PDF content', () => {
  it('has the spec title and columns, the total, and marks negative rows in words and colour', () => {
    const at = new Date(2026, 10, 23, 10, 5);
    const content = lowStockPdfContent([line('b', 'Air filter', -100, { categoryName: null }), line('a', 'Brake pad', 150, { unitPriceCents: 5 })], at);
    expect(content.title).toBe('Low Stock Items Report (Qty < 2)');
    expect(content.columns).toEqual(['Barcode', 'Item Name', 'Category', 'Stock', 'Reorder Lvl', 'Unit Price']);
    expect(content.notes).toEqual(['Total low stock items: 2', 'Negative stock (more sold than recorded): 1, shown in red']);
    expect(content.generatedAt).toBe(at);
    expect(content.rows).toEqual([
      ['BC-b', 'Air filter', 'N/A', '-1 (negative)', '3', 'Rs. 1,250.50'],
      ['BC-a', 'Brake pad', 'Filters', '1.5', '3', 'Rs. 0.05'],
    ]);
    expect([...(content.markedRows ?? [])]).toEqual([0]);
    expect(content.numericColumns).toEqual([3, 4, 5]);
  });

  it('says the total when nothing is low, and names another threshold in its title', () => {
    const content = lowStockPdfContent([], new Date(), lowStockWords('threshold', 5));
    expect(content.title).toBe('Low Stock Items Report (Qty < 5)');
    expect(content.notes).toEqual(['Total low stock items: 0']);
    expect(content.rows).toEqual([]);
  });

  it("names the 'Below reorder level' view in its title and total", () => {
    const content = lowStockPdfContent([line('a', 'Headlamp bulb', 200)], new Date(), lowStockWords('reorder'));
    expect(content.title).toBe('Low Stock Items Report (Below Reorder Level)');
    expect(content.notes).toEqual(['Total items below reorder level: 1']);
    expect(content.rows).toEqual([['BC-a', 'Headlamp bulb', 'Filters', '2', '3', 'Rs. 1,250.50']]);
  });

  it.each<[number, string]>([
    [0, '0'],
    [150, '1.5'],
    [-1, '-0.01 (negative)'],
    [-250, '-2.5 (negative)'],
  ])('stock %i hundredths prints as %j', (hundredths, text) => {
    expect(lowStockStockText(hundredths)).toBe(text);
  });
});
