import { describe, expect, it } from 'vitest';
import { openingBelowZeroNote, planItems, type ShopCatalog } from './plan-items';
import { openingMovementId } from '@shared/mutations/items';
import { adjustStockSchema } from '@shared/schemas/stock';
import type { FileRow } from './plan-types';
import { itemMessages } from '@shared/schemas/item';

type Cells = Record<string, unknown>;
const filter: Cells = {
  itemName: 'Oil Filter',
  barcode: '4790001',
  category: 'Filters',
  unitPrice: 1500.5,
  costPrice: 1200,
  stockQuantity: 10,
  reorderLevel: 2,
  warranty: '6 Months',
};
const rows = (...cells: Cells[]): FileRow[] => cells.map((c, i) => ({ row: i + 2, cells: c }));
let serial = 0;
const plan = (file: FileRow[], shop: Partial<ShopCatalog> = {}) => {
  serial = 0;
  return planItems(file, { items: [], categories: [], ...shop }, () => `new-${++serial}`);
};
const filters = { id: 'cat-1', name: 'filters', description: '' };
const storedFilter = {
  id: 'item-1',
  itemName: 'Oil Filter',
  barcode: '4790001',
  categoryId: 'cat-1',
  unitPriceCents: 150050,
  costPriceCents: 120000,
  reorderLevel: 2,
  description: '',
  warrantyMonths: 6,
  stockHundredths: 700,
};

describe('planItems: the category by name, made when new; the item by barcode, else by name', () => {
  it('makes a new category once, before its first item, and each item with its opening stock', () => {
    const result = plan(rows(filter, { ...filter, itemName: 'Air Filter', barcode: '4790002', category: ' FILTERS ', stockQuantity: undefined, warranty: '1 year' }));
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([
      { op: 'create', table: 'categories', id: 'new-1', name: 'createCategory', args: { id: 'new-1', name: 'Filters', description: '' }, rows: [2, 3] },
      {
        op: 'create',
        table: 'items',
        id: 'new-2',
        name: 'createItem',
        rows: [2],
        args: {
          id: 'new-2',
          itemName: 'Oil Filter',
          barcode: '4790001',
          category: 'new-1',
          unitPrice: 1500.5,
          costPrice: 1200,
          stockQuantity: 10,
          reorderLevel: 2,
          description: '',
          warrantyMonths: 6,
        },
      },
      {
        op: 'create',
        table: 'items',
        id: 'new-3',
        name: 'createItem',
        rows: [3],
        args: {
          id: 'new-3',
          itemName: 'Air Filter',
          barcode: '4790002',
          category: 'new-1',
          unitPrice: 1500.5,
          costPrice: 1200,
          stockQuantity: 0,
          reorderLevel: 2,
          description: '',
          warrantyMonths: 12,
        },
      },
    ]);
    expect(result.tallies).toEqual({ categories: { new: 1, update: 0, unchanged: 0 }, items: { new: 2, update: 0, unchanged: 0 } });
    expect(result.totals).toEqual({ items: 2, stockValueCents: 1_200_000 });
  });

  it("uses the shop's category of that name, whatever its case", () => {
    const result = plan(rows(filter), { categories: [filters] });
    expect(result.steps.map((step) => step.table)).toEqual(['items']);
    expect(result.steps[0]).toMatchObject({ args: { category: 'cat-1' } });
  });

  it("gives an item without a barcode its name as barcode, as the job card's quick add does", () => {
    const result = plan(rows({ ...filter, barcode: undefined }));
    expect(result.steps[1]).toMatchObject({ args: { barcode: 'Oil Filter' } });
  });

  it('opens a new item below zero as the file says: made at 0, then one movement down under the opening id', () => {
    const result = plan(rows({ ...filter, stockQuantity: -3 }, { ...filter, barcode: '4790002', itemName: 'Air Filter', stockQuantity: 4 }));
    expect(result.problems).toEqual([]);
    expect(result.steps.map((step) => `${step.table}:${step.name}`)).toEqual(['categories:createCategory', 'items:createItem', 'stockMovements:adjustStock', 'items:createItem']);
    expect(result.steps[1]).toMatchObject({ args: { id: 'new-2', stockQuantity: 0 } });
    expect(result.steps[2]).toEqual({
      op: 'create',
      table: 'stockMovements',
      id: openingMovementId('new-2'),
      name: 'adjustStock',
      rows: [2],
      args: { id: openingMovementId('new-2'), itemId: 'new-2', quantity: -3, reason: 'adjustment', note: openingBelowZeroNote },
    });
    expect(adjustStockSchema.safeParse((result.steps[2] as { args: unknown }).args).success).toBe(true);
    expect(result.tallies.items).toEqual({ new: 2, update: 0, unchanged: 0 });
    // Stock at cost counts what is on the shelf, as the shop's own figure does: 4 × 1,200.00.
    expect(result.totals.stockValueCents).toBe(480_000);
  });

  it('leaves the stock of an item the shop has alone, below zero in the file too', () => {
    const result = plan(rows({ ...filter, stockQuantity: -3 }), { items: [storedFilter], categories: [filters] });
    expect(result.problems).toEqual([]);
    expect(result.steps).toEqual([]);
  });

  it.each<[string, Cells[], { row: number; column?: string; message: string }[]]>([
    ['a required field left blank', [{ ...filter, itemName: '' }], [{ row: 2, column: 'Item Name', message: itemMessages.required }]],
    ['a blank category', [{ ...filter, category: undefined }], [{ row: 2, column: 'Category', message: itemMessages.required }]],
    ['a price that is no number', [{ ...filter, unitPrice: 'ask' }], [{ row: 2, column: 'Unit Price', message: itemMessages.numbers }]],
    ['a stock below what the shop can hold', [{ ...filter, stockQuantity: -1_000_000_000 }], [{ row: 2, column: 'Stock Quantity', message: itemMessages.tooLarge }]],
    ['a negative price', [{ ...filter, costPrice: -1 }], [{ row: 2, column: 'Cost Price', message: itemMessages.negative }]],
    ['a reorder level with decimals', [{ ...filter, reorderLevel: 1.5 }], [{ row: 2, column: 'Reorder Level', message: itemMessages.numbers }]],
    ['a barcode twice in the file', [filter, { ...filter, itemName: 'Other' }], [{ row: 3, column: 'Barcode', message: 'Barcode 4790001 is also on row 2.' }]],
    [
      'a name twice without barcodes',
      [
        { ...filter, barcode: undefined },
        { ...filter, barcode: undefined },
      ],
      [{ row: 3, column: 'Item Name', message: 'Item Oil Filter is also on row 2.' }],
    ],
    [
      'a category described two ways',
      [
        { ...filter, categoryDescription: 'Oil and air' },
        { ...filter, barcode: '2', categoryDescription: 'Fuel' },
      ],
      [{ row: 3, column: 'Category Description', message: "Category Filters is described 'Oil and air' on row 2 and 'Fuel' here: write it the same way on each row." }],
    ],
    [
      'a name too long to be its own barcode',
      [{ ...filter, barcode: undefined, itemName: 'x'.repeat(60) }],
      [{ row: 2, column: 'Barcode', message: 'Give this item a barcode: its name is longer than a barcode may be (50 characters).' }],
    ],
  ])('refuses %s, in the item form’s words', (_case, file, problems) => expect(plan(rows(...file)).problems).toEqual(problems));
});

describe("planItems against the shop's catalogue", () => {
  it('changes nothing when the file says what the shop holds, and never touches the stock of an item that exists', () => {
    const result = plan(rows({ ...filter, stockQuantity: 10 }), { items: [storedFilter], categories: [filters] });
    expect(result.steps).toEqual([]);
    expect(result.tallies.items).toEqual({ new: 0, update: 0, unchanged: 1 });
  });

  it('updates what differs, found by barcode', () => {
    const result = plan(rows({ ...filter, itemName: 'Oil Filter (Toyota)', unitPrice: 1600 }), { items: [storedFilter], categories: [filters] });
    expect(result.steps).toEqual([expect.objectContaining({ op: 'update', table: 'items', id: 'item-1', name: 'updateItem', rows: [2] })]);
    expect(result.tallies.items).toEqual({ new: 0, update: 1, unchanged: 0 });
  });

  it('finds an item without a barcode by its name', () => {
    const result = plan(rows({ ...filter, barcode: undefined, itemName: 'oil filter' }), { items: [storedFilter], categories: [filters] });
    expect(result.steps).toEqual([expect.objectContaining({ op: 'update', id: 'item-1' })]);
  });

  it('refuses a name that two items of the shop share', () => {
    const result = plan(rows({ ...filter, barcode: undefined }), { items: [storedFilter, { ...storedFilter, id: 'item-2', barcode: 'X' }], categories: [filters] });
    expect(result.problems).toEqual([{ row: 2, column: 'Barcode', message: 'More than one item is named Oil Filter: give this row its barcode.' }]);
  });

  it('refuses a new item whose barcode another item of the shop has', () => {
    const result = plan(rows({ ...filter, barcode: undefined, itemName: 'Spark Plug' }), { items: [{ ...storedFilter, barcode: 'Spark Plug' }], categories: [filters] });
    expect(result.problems).toEqual([{ row: 2, column: 'Barcode', message: 'This barcode is already used by another item.' }]);
  });
});
