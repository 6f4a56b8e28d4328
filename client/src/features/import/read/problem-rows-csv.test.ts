import { describe, expect, it } from 'vitest';
import { csvCell, problemRowsCsv } from './problem-rows-csv';
import type { TableFile } from './read-table';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Galle Road, Colombo', '"Galle Road, Colombo"'],
    ['12" rim', '"12"" rim"'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['-3', "'-3"],
    ['@home', "'@home"],
    ['සුනිල්', 'සුනිල්'],
  ])('%j is written %j', (text, cell) => expect(csvCell(text)).toBe(cell));
});

describe('problemRowsCsv', () => {
  it('writes the rows with problems as read, under the header, with their problem, in UTF-8 with a BOM', async () => {
    const rows = [['Our services'], ['Service Name', 'Price'], ['Oil Change', 'Rs. 2,500'], ['', 'free'], ['සේවය', '-5']];
    const table: TableFile = {
      format: 'test',
      readRows: async (onRows) => {
        onRows(rows.slice(0, 3), 1);
        onRows(rows.slice(3), 4);
        return [];
      },
    };
    const csv = await problemRowsCsv(
      table,
      1,
      ['Service Name', 'Price'],
      [
        { row: 4, column: 'Service Name', message: 'Service name is required.' },
        { row: 5, column: 'Price', message: 'Price must be a number of at least 0.' },
      ],
    );
    expect(csv).toBe(
      '\ufeffService Name,Price,Import problem\r\n' +
        ',free,"Row 4, Service Name: Service name is required."\r\n' +
        'සේවය,\'-5,"Row 5, Price: Price must be a number of at least 0."\r\n',
    );
  });
});
