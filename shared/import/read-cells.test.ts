import { describe, expect, it } from 'vitest';
import { readDayCell, readNumberCell, readTextCell } from './read-cells';

describe('readNumberCell: amounts and quantities as shops write them', () => {
  it.each<[unknown, unknown]>([
    ['1250.50', 1250.5],
    ['1,250.50', 1250.5],
    ['Rs. 1,250.50', 1250.5],
    ['Rs.1,250.50', 1250.5],
    ['Rs 1250', 1250],
    ['LKR 1,250.50', 1250.5],
    ['1,250.50 LKR', 1250.5],
    ['රු. 1,250.50', 1250.5],
    ['₨ 99', 99],
    ['1,000,000', 1000000],
    ['1,00,000.00', 100000], // lakh grouping
    ['1 250.50', 1250.5],
    ['12,5', 12.5], // a decimal comma (a semicolon file from a European Excel)
    ['0', 0],
    ['.5', 0.5],
    ['  42  ', 42],
    ['-3', -3],
    ['(1,250.00)', -1250], // an accountant's negative: refused later as negative, not as text
    ["'-3", -3], // a cell an export kept from running as a formula
    [1250.5, 1250.5], // a spreadsheet's number cell
    ['1,2,3', '1,2,3'], // not a number: the schema says so in its own words
    ['12abc', '12abc'],
    ['1e5', '1e5'],
    ['Rs.', 'Rs.'],
    [true, true],
  ])('%j reads as %j', (cell, value) => expect(readNumberCell(cell)).toEqual(value));

  it.each([[''], ['   '], [null], [undefined]])('%j is a blank cell', (cell) => expect(readNumberCell(cell)).toBeUndefined());
});

describe('readDayCell: dd/MM/yyyy and yyyy-MM-dd', () => {
  it.each<[unknown, unknown]>([
    ['23/11/2026', '2026-11-23'],
    ['3/1/2026', '2026-01-03'], // day first, as here
    ['03-01-2026', '2026-01-03'],
    ['03.01.2026', '2026-01-03'],
    ['2026-01-03', '2026-01-03'],
    ['2026/01/03', '2026-01-03'],
    ['2026-1-3', '2026-01-03'],
    [' 23/11/2026 ', '2026-11-23'],
    ['2026-01-03T00:00:00.000Z', '2026-01-03'],
    [new Date(Date.UTC(2026, 0, 3)), '2026-01-03'], // an .xlsx date cell: midnight UTC of the day shown
    ['31/02/2026', '31/02/2026'], // no such day: the schema's message
    ['23/11/26', '23/11/26'], // a two-digit year could be 1926
    ['yesterday', 'yesterday'],
  ])('%j reads as %j', (cell, day) => expect(readDayCell(cell)).toEqual(day));

  it.each([[''], [' '], [null], [undefined]])('%j is a blank cell', (cell) => expect(readDayCell(cell)).toBeUndefined());
});

describe('readTextCell', () => {
  it.each<[unknown, string | undefined]>([
    ['  Sunil Perera ', 'Sunil Perera'],
    ['සුනිල් පෙරේරා', 'සුනිල් පෙරේරා'],
    ['சுனில்', 'சுனில்'],
    [4791234567890, '4791234567890'], // a barcode Excel kept as a number
    [0.1 + 0.2, '0.3'],
    [true, 'TRUE'],
    ["'=HYPERLINK(1)", '=HYPERLINK(1)'], // our exports keep such cells from running as formulas: read back as written
    ["'+94 77 123 4567", '+94 77 123 4567'],
    ["It's", "It's"],
    [new Date(Date.UTC(2026, 0, 3)), '2026-01-03'],
    ['', undefined],
    ['  ', undefined],
    [null, undefined],
  ])('%j reads as %j', (cell, text) => expect(readTextCell(cell)).toBe(text));
});
