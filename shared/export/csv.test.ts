import { describe, expect, it } from 'vitest';
import { CsvFile, csvBom, csvCell, csvLine, readCsv, readCsvCell } from './csv';

// Issue 43: cells as a spreadsheet opens them and the import reads them back.
describe('csvCell', () => {
  it.each([
    ['plain text', 'Oil filter', 'Oil filter'],
    ['Sinhala', 'සුනිල් පෙරේරා', 'සුනිල් පෙරේරා'],
    ['Tamil', 'முருகன் கடை', 'முருகன் கடை'],
    ['a comma', 'Galle Road, Colombo 3', '"Galle Road, Colombo 3"'],
    ['quotes', 'The "good" one', '"The ""good"" one"'],
    ['a line break', 'line one\nline two', '"line one\nline two"'],
    ['a CRLF', 'a\r\nb', '"a\r\nb"'],
    ['a formula', '=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['a formula with a comma', '=HYPERLINK("http://x",1)', '"\'=HYPERLINK(""http://x"",1)"'],
    ['a plus formula', '+1+2', "'+1+2"],
    ['a minus formula', '-2+3', "'-2+3"],
    ['an at sign', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['a leading carriage return', '\r=1', '"\'\r=1"'],
    ['text that looks escaped already', "'=x", "''=x"],
    ['a negative amount (a number runs as nothing)', '-150.00', '-150.00'],
    ['an international phone', '+94771234567', '+94771234567'],
    ['a number', 1250.5, '1250.5'],
    ['nothing', null, ''],
    ['undefined', undefined, ''],
    ['an apostrophe inside', "Perera's", "Perera's"],
  ])('%s', (_case, value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each(['=SUM(A1:A9)', "'=x", "''+1", '-2+3', '@x', '\t=1', 'Galle Road, "3"', 'a\r\nb', 'සිංහල, தமிழ்', '-150.00', "it's"])('reads %j back as written', (text) => {
    const cell = readCsv(csvLine([text]))[0]?.[0];
    expect(cell).toBe(text);
  });

  it('leaves a cell the import reads without an escape as it is', () => {
    expect(readCsvCell("'plain")).toBe("'plain");
    expect(readCsvCell('-150.00')).toBe('-150.00');
  });
});

describe('CsvFile', () => {
  it('starts with the byte order mark, ends each line with CRLF, and its CRC and length are its bytes’', () => {
    const file = new CsvFile('customers.csv', ['Customer Name', 'Phone']);
    file.add(['සුනිල් පෙරේරා', '0771234567']);
    file.add(['=SUM(1,2)', '']);
    const entry = file.finish();
    const bytes = Buffer.concat(entry.chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(entry.size).toBe(bytes.length);
    const text = bytes.toString('utf8');
    expect(text).toBe(`${csvBom}Customer Name,Phone\r\nසුනිල් පෙරේරා,0771234567\r\n"'=SUM(1,2)",\r\n`);
    expect(readCsv(text)).toEqual([
      ['Customer Name', 'Phone'],
      ['සුනිල් පෙරේරා', '0771234567'],
      ['=SUM(1,2)', ''],
    ]);
    expect(file.rows).toBe(2);
  });

  it('writes a big file in chunks, never as one string, and reads back every row', () => {
    const file = new CsvFile('items.csv', ['Item Name', 'Unit Price']);
    for (let i = 0; i < 20_000; i++) file.add([`කොටස ${i}, "A"`, (i / 100).toFixed(2)]);
    const entry = file.finish();
    expect(entry.chunks.length).toBeGreaterThan(5);
    const rows = readCsv(Buffer.concat(entry.chunks).toString('utf8'));
    expect(rows).toHaveLength(20_001);
    expect(rows[12_346]).toEqual(['කොටස 12345, "A"', '123.45']);
  });
});
