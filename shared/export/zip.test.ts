import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { crc32 } from './crc32';
import { zipParts, type ZipEntry } from './zip';

// Issue 43: our CRC-32 against known values and Node's own (node:zlib has crc32 from Node 20.15), and
// our stored zip read by the machine's unzip (Info-ZIP), which checks every CRC it lists.
const encoder = new TextEncoder();
const nodeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

describe('crc32', () => {
  it.each([
    ['', 0x00000000],
    ['a', 0xe8b7be43],
    ['123456789', 0xcbf43926],
    ['The quick brown fox jumps over the lazy dog', 0x414fa339],
    ['සුනිල් පෙරේරා', null],
    ['\uFEFFCustomer Name\r\n', null],
  ])('of %j', (text, known) => {
    const bytes = encoder.encode(text);
    if (known !== null) expect(crc32(bytes)).toBe(known);
    if (nodeCrc32) expect(crc32(bytes)).toBe(nodeCrc32(bytes) >>> 0);
  });

  it('runs chunk after chunk to the same value as at once', () => {
    const bytes = encoder.encode('කොටස 1, "A"\r\n'.repeat(1000));
    const split = crc32(bytes.subarray(3000), crc32(bytes.subarray(0, 3000)));
    expect(split).toBe(crc32(bytes));
  });
});

const entry = (name: string, ...texts: string[]): ZipEntry => {
  const chunks = texts.map((text) => encoder.encode(text));
  return { name, chunks, crc: chunks.reduce((crc, chunk) => crc32(chunk, crc), 0), size: chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
};

describe('zipParts', () => {
  const cases: [string, ZipEntry[]][] = [
    ['one file', [entry('customers.csv', '\uFEFFCustomer Name\r\nසුනිල්\r\n')]],
    ['several files, one empty, one in chunks', [entry('items.csv', 'a,b\r\n', 'c,d\r\n'), entry('empty.csv'), entry('due-list.csv', 'x'.repeat(70_000))]],
    ['a name in Sinhala', [entry('ගනුදෙනුකරුවන්.csv', 'x\r\n')]],
    ['no files', []],
  ];
  it.each(cases)('%s: unzip lists every file and gives back its bytes, CRCs checked', (_case, entries) => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
    try {
      const file = join(dir, 'shop.zip');
      writeFileSync(file, Buffer.concat(zipParts(entries, new Date(2026, 10, 25, 14, 30, 12))));
      // -t tests every file's CRC; it exits non-zero on any fault.
      if (entries.length > 0) expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      // An empty zip is listed with a warning (exit 1), as Info-ZIP lists any empty archive.
      const listed = spawnSync('unzip', ['-l', file], { encoding: 'utf8' });
      const listing = `${listed.stdout}${listed.stderr}`;
      if (entries.length === 0) expect(listing).toContain('zipfile is empty');
      for (const { name, size } of entries) {
        // Its length and local time (Info-ZIP prints the day as 2026-11-25 or 11-25-2026, by version).
        expect(listing).toMatch(new RegExp(`\\s${size}\\s+(2026-11-25|11-25-2026) 14:30\\s+${name.replace('.', '\\.')}`));
        const back = execFileSync('unzip', ['-p', file, name]);
        expect(Buffer.compare(back, Buffer.concat(entries.find((e) => e.name === name)!.chunks))).toBe(0);
      }
      if (entries.length > 0) expect(listing).toContain(`${entries.length} file`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
