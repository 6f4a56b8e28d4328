// The import reads a table file on the device (issue 43, point 2): a table of cases of encodings, separators and formats.
import { describe, expect, it } from 'vitest';
import { xlsxWorkbook } from '../support/xlsx';
import { openTable, type TableFile } from '@/features/import/read/read-table';

const utf8 = (text: string, bom = false) => new Blob([...(bom ? [new Uint8Array([0xef, 0xbb, 0xbf])] : []), new TextEncoder().encode(text)]);
function utf16le(text: string): Blob {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) new DataView(bytes.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
  return new Blob([bytes]);
}

async function rowsOf(file: Blob): Promise<{ rows: unknown[][]; firstRows: number[]; unreadable: { row: number; message: string }[] }> {
  const table = (await openTable(file)) as TableFile;
  expect(table).not.toHaveProperty('problem');
  const rows: unknown[][] = [];
  const firstRows: number[] = [];
  const unreadable = await table.readRows((chunk, firstRow) => {
    firstRows.push(firstRow);
    rows.push(...chunk);
  });
  return { rows, firstRows, unreadable };
}

const sinhala = [
  ['Customer Name', 'Phone', 'Address'],
  ['සුනිල් පෙරේරා', '0771234567', '12, Galle Road'],
  ['சுனில் குமார்', '0712345678', 'Kandy'],
];

describe('openTable: the encodings, separators and formats a shop saves its tables in', () => {
  it.each<[string, Blob]>([
    ['UTF-8 with a BOM, commas', utf8('Customer Name,Phone,Address\r\nසුනිල් පෙරේරා,0771234567,"12, Galle Road"\r\nசுனில் குமார்,0712345678,Kandy\r\n', true)],
    ['UTF-8 without a BOM, semicolons', utf8('Customer Name;Phone;Address\nසුනිල් පෙරේරා;0771234567;12, Galle Road\nசுனில் குமார்;0712345678;Kandy\n')],
    ["Excel's Unicode text: UTF-16 LE, tabs", utf16le('Customer Name\tPhone\tAddress\r\nසුනිල් පෙරේරා\t0771234567\t12, Galle Road\r\nசுனில் குமார்\t0712345678\tKandy\r\n')],
  ])('%s', async (_name, file) => {
    expect((await rowsOf(file)).rows).toEqual(sinhala);
  });

  it('reads Windows-1252', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('Item Name,Price\nCaf'), 0xe9, ...new TextEncoder().encode(' filter,'), 0x80, ...new TextEncoder().encode('5\n')]);
    expect((await rowsOf(new Blob([bytes]))).rows).toEqual([
      ['Item Name', 'Price'],
      ['Café filter', '€5'],
    ]);
  });

  it('reads an .xlsx workbook, with its numbers and days as such', async () => {
    const day = new Date(Date.UTC(2026, 10, 23));
    const file = new Blob([
      xlsxWorkbook([
        ['Invoice No', 'Date', 'Total', 'Customer Name'],
        ['OLD-1', day, 1250.5, 'සුනිල්'],
      ]),
    ]);
    const { rows } = await rowsOf(file);
    expect(rows).toEqual([
      ['Invoice No', 'Date', 'Total', 'Customer Name'],
      ['OLD-1', day, 1250.5, 'සුනිල්'],
    ]);
  });

  it('keeps a quoted cell over two lines in one row, and counts blank lines in the row numbers', async () => {
    const { rows } = await rowsOf(utf8('Name,Note\n\nSunil,"two\nlines"\nNimal,x\n'));
    expect(rows).toEqual([['Name', 'Note'], [''], ['Sunil', 'two\nlines'], ['Nimal', 'x']]);
  });

  it('says which row opens a quote that never closes', async () => {
    const { unreadable } = await rowsOf(utf8('Name,Note\nSunil,ok\nNimal,"never closed\nKamal,x\n'));
    expect(unreadable).toEqual([{ row: 3, message: 'A quote (") opened on this row is never closed.' }]);
  });

  it('hands a big file on a chunk at a time, never whole', async () => {
    const line = 'සුනිල් පෙරේරා,0771234567,Kandy Road\n';
    const { rows, firstRows } = await rowsOf(utf8(`Customer Name,Phone,Address\n${line.repeat(60_000)}`));
    expect(rows).toHaveLength(60_001);
    expect(firstRows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.length === 3)).toBe(true);
    expect(rows[60_000]).toEqual(['සුනිල් පෙරේරා', '0771234567', 'Kandy Road']);
  });

  it.each<[string, Blob, RegExp]>([
    ['a file over 100 MB', new Blob([new Uint8Array(100 * 1024 * 1024 + 1)]), /100 MB/],
    ['an empty file', new Blob([]), /empty/],
    ['a PDF', utf8('%PDF-1.7\n\u0000\u0001'), /not a table/],
    ['an unknown encoding', new Blob([new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x81, 0x8d, 0x01])]), /encoding/],
  ])('refuses %s in words', async (_name, file, message) => {
    expect(((await openTable(file)) as { problem: string }).problem).toMatch(message);
  });

  it('refuses a zip that is no workbook', async () => {
    const table = (await openTable(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])]))) as TableFile;
    await expect(table.readRows(() => {})).rejects.toThrow(/not a table/);
  });
});
