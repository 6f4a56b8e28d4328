import { describe, expect, it } from 'vitest';
import { importColumns } from '@shared/import/columns';
import { findHeader, fileRowsOf } from './file-rows';

describe('findHeader: the first row that names one of our columns, under any title rows', () => {
  it.each<[unknown[][], number]>([
    [
      [
        ['Service Name', 'Price'],
        ['Oil Change', '2500'],
      ],
      0,
    ],
    [[['Our services, 2026'], [], ['Service', 'Charge'], ['Oil Change', '2500']], 2],
    [
      [
        ['Shelf', 'Bin'],
        ['A', '1'],
      ],
      0,
    ], // nothing matches: the first row, for the user to map
  ])('%j: row index %i', (rows, index) => expect(findHeader(rows, importColumns.services)).toBe(index));
});

describe('fileRowsOf: each cell read as its column reads it, blank rows skipped with their numbers kept', () => {
  it('reads numbers, days and text by column, and numbers each row as a spreadsheet does', () => {
    const rows = [
      ['Oil Change', 'Rs. 2,500.00', 'x'],
      ['', '', ''],
      ['  Tune Up ', '1800.50', ''],
    ];
    const read = fileRowsOf(rows, 5, importColumns.services, { name: 0, price: 1 });
    expect(read).toEqual([
      { row: 5, cells: { name: 'Oil Change', price: 2500 } },
      { row: 7, cells: { name: 'Tune Up', price: 1800.5 } },
    ]);
  });

  it('reads a day column', () => {
    const [row] = fileRowsOf([['INV-1', '23/11/2026']], 2, importColumns.openingBalances, { invoiceNo: 0, date: 1 });
    expect(row!.cells).toEqual({ invoiceNo: 'INV-1', date: '2026-11-23' });
  });
});
