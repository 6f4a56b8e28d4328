import { describe, expect, it } from 'vitest';
import { detectEncoding } from './detect-encoding';

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, littleEndian: boolean, bom: boolean) => {
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (_c, i) => text.charCodeAt(i))];
  const bytes = new Uint8Array(units.length * 2);
  const view = new DataView(bytes.buffer);
  units.forEach((unit, i) => view.setUint16(i * 2, unit, littleEndian));
  return bytes;
};
const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...utf8(value)] : [value])));

const sinhala = 'Customer Name\tPhone\nසුනිල් පෙරේරා\t0771234567\n';

describe('detectEncoding: the encodings Excel and other programs save tables in', () => {
  it.each<[string, Uint8Array, string, number]>([
    ['UTF-8 with BOM', bytes(0xef, 0xbb, 0xbf, 'Name,Phone\nසුනිල්,077\n'), 'utf-8', 3],
    ['UTF-8 without BOM, Sinhala', utf8('Name,Phone\nසුනිල්,077\n'), 'utf-8', 0],
    ['UTF-8 without BOM, Tamil', utf8('Name;Phone\nசுனில்;077\n'), 'utf-8', 0],
    ['plain ASCII', utf8('Name,Phone\nSunil,077\n'), 'utf-8', 0],
    ["UTF-16 LE with BOM (Excel's 'Unicode text')", utf16(sinhala, true, true), 'utf-16le', 2],
    ['UTF-16 BE with BOM', utf16(sinhala, false, true), 'utf-16be', 2],
    ['UTF-16 LE without BOM', utf16(sinhala, true, false), 'utf-16le', 0],
    ['UTF-16 BE without BOM', utf16(sinhala, false, false), 'utf-16be', 0],
    ['Windows-1252 (é, €, ’)', bytes('Name,Note\nCaf', 0xe9, ',', 0x80, '10 ', 0x92, 's\n'), 'windows-1252', 0],
  ])('%s', (_name, head, encoding, bomLength) => expect(detectEncoding(head)).toEqual({ encoding, bomLength }));

  it('reads UTF-8 whose sample ends inside a character as UTF-8', () => {
    const whole = utf8('Name\nසුනිල්\n');
    expect(detectEncoding(whole.slice(0, whole.length - 3))).toEqual({ encoding: 'utf-8', bomLength: 0 });
  });

  it.each<[string, Uint8Array, RegExp]>([
    ['UTF-32', bytes(0xff, 0xfe, 0, 0, 0x41, 0, 0, 0), /encoding/],
    ['bytes that are no text in any encoding we read', bytes('Name,Phone\n', 0x81, 0x8d, 0x01, 0x02, 0x03, '\n'), /encoding/],
    ['an old Excel workbook (.xls)', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0), /\.xls/],
    ['a PDF', bytes('%PDF-1.7\n', 0, 1, 2), /not a table/],
    ['a picture', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0), /not a table/],
    ['a binary file', bytes(0, 1, 2, 3, 0, 0, 7, 0, 0xff, 0, 0x10), /not a table/],
  ])('%s is refused in words', (_name, head, message) => {
    const result = detectEncoding(head);
    expect('problem' in result && result.problem).toMatch(message);
  });
});
