// Which text encoding a table file is in, from its first bytes (issue 43, point 2). Excel saves 'CSV
// UTF-8' with a BOM, 'Unicode text' as UTF-16 LE with a BOM and tabs, and plain 'CSV' in the
// computer's code page (Windows-1252 on an English Windows); other programs write UTF-8 without a
// BOM. Sinhala and Tamil exist only in the Unicode ones, so a file in any other code page could not
// hold them anyway: we read these four and say so for anything else rather than guess.

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type DetectedEncoding = { encoding: TextEncoding; bomLength: number } | { problem: string };

export const unknownEncodingMessage =
  "This file's text encoding is not one we can read. In Excel, save it as 'CSV UTF-8 (Comma delimited)' or 'Unicode Text', or as an Excel workbook (.xlsx).";
export const notATableMessage = 'This file is not a table. Choose a CSV, tab-separated text or Excel (.xlsx) file.';
export const oldExcelMessage = 'This is an Excel 97-2003 workbook (.xls). In Excel, save it as an Excel workbook (.xlsx) or as CSV UTF-8, then choose that file.';

const starts = (head: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => head[i] === byte);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Formats that are no table, by their first bytes. */
const binaryFormats: number[][] = [ascii('%PDF'), [0x89, ...ascii('PNG')], [0xff, 0xd8, 0xff], ascii('GIF8'), ascii('Rar!'), [0x1f, 0x8b], [0x7f, ...ascii('ELF')], ascii('MZ')];

// Bytes Windows-1252 leaves undefined, and control characters no table holds (tab, CR and LF aside).
const undefinedIn1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const isStrayControl = (byte: number) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f;

function decodes(encoding: string, head: Uint8Array): boolean {
  try {
    // stream: a sample cut inside a character is not an error.
    new TextDecoder(encoding, { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** UTF-16 without a BOM: text of mostly Latin letters, digits and separators has a zero in every other byte. */
function utf16Without(head: Uint8Array): TextEncoding | null {
  const pairs = Math.floor(head.length / 2);
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * 0.3 && evenZeros === 0) return 'utf-16le';
  if (evenZeros >= pairs * 0.3 && oddZeros === 0) return 'utf-16be';
  return null;
}

/** The encoding of a file from its first bytes (64 KB is plenty), or the problem in the user's words. */
export function detectEncoding(head: Uint8Array): DetectedEncoding {
  if (starts(head, 0xd0, 0xcf, 0x11, 0xe0)) return { problem: oldExcelMessage };
  if (starts(head, 0xff, 0xfe, 0, 0) || starts(head, 0, 0, 0xfe, 0xff)) return { problem: unknownEncodingMessage };
  if (starts(head, 0xef, 0xbb, 0xbf)) return decodes('utf-8', head.subarray(3)) ? { encoding: 'utf-8', bomLength: 3 } : { problem: unknownEncodingMessage };
  if (starts(head, 0xff, 0xfe)) return decodes('utf-16le', head.subarray(2)) ? { encoding: 'utf-16le', bomLength: 2 } : { problem: unknownEncodingMessage };
  if (starts(head, 0xfe, 0xff)) return decodes('utf-16be', head.subarray(2)) ? { encoding: 'utf-16be', bomLength: 2 } : { problem: unknownEncodingMessage };
  if (binaryFormats.some((prefix) => starts(head, ...prefix))) return { problem: notATableMessage };
  const utf16 = utf16Without(head);
  if (utf16) return decodes(utf16, head) ? { encoding: utf16, bomLength: 0 } : { problem: unknownEncodingMessage };
  if (head.includes(0)) return { problem: notATableMessage };
  if (head.some(isStrayControl)) return { problem: unknownEncodingMessage };
  if (decodes('utf-8', head)) return { encoding: 'utf-8', bomLength: 0 };
  if (head.some((byte) => undefinedIn1252.has(byte))) return { problem: unknownEncodingMessage };
  return { encoding: 'windows-1252', bomLength: 0 };
}
