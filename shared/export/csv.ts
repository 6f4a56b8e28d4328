import { crc32 } from './crc32';
import type { ZipEntry } from './zip';

// CSV as a spreadsheet opens it (issue 43): UTF-8 with a byte order mark, so Excel reads Sinhala and
// Tamil as written; commas, quotes and line breaks quoted (RFC 4180, lines ended by CRLF); and a cell
// that a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a carriage return)
// written after an apostrophe, which the import takes off again (readCsvCell).

export const csvBom = '\uFEFF';

/** A plain number (a price, '-150.00', a phone '+94771234567') runs as nothing: it is left alone. */
const plainNumber = /^[+-]?\d+(\.\d+)?$/;
/** Text a spreadsheet would run, behind any apostrophes an earlier escape added. */
const formulaStart = /^'*[=+\-@\t\r]/;

/** The cell's text as written: neutralised when it would run as a formula, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // One more apostrophe for a formula, and for text an escape would otherwise be taken for ("'=x"),
  // so that readCsvCell gives back exactly the text.
  const safe = formulaStart.test(text) && !plainNumber.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** What an import reads back from a cell csvCell wrote (after the CSV's own unquoting). */
export function readCsvCell(text: string): string {
  return formulaStart.test(text) && text.startsWith("'") ? text.slice(1) : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const chunkChars = 64 * 1024;
const encoder = new TextEncoder();

/**
 * One CSV file written row by row: lines gather in a short text, which is encoded into a chunk of
 * bytes every 64 K characters, its CRC and length counted as it goes. No file is ever one string,
 * and its chunks go into a Blob or a zip as they are.
 */
export class CsvFile {
  private readonly chunks: Uint8Array[] = [];
  private pending = csvBom;
  private crc = 0;
  private size = 0;
  rows = 0;

  constructor(
    readonly name: string,
    header: readonly string[],
  ) {
    this.pending += csvLine(header);
  }

  add(cells: readonly (string | number | null | undefined)[]): void {
    this.pending += csvLine(cells);
    this.rows += 1;
    if (this.pending.length >= chunkChars) this.flush();
  }

  private flush(): void {
    if (!this.pending) return;
    const bytes = encoder.encode(this.pending);
    this.pending = '';
    this.chunks.push(bytes);
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
  }

  /** The file as written: its chunks, CRC-32 and length (a zip entry, or a Blob's parts). */
  finish(): ZipEntry {
    this.flush();
    return { name: this.name, chunks: this.chunks, crc: this.crc, size: this.size };
  }
}

/**
 * The rows of a CSV text as cells, each read back by readCsvCell (RFC 4180: quoted cells may hold
 * commas, doubled quotes and line breaks). A leading byte order mark is skipped. For the tests'
 * round trips and for the import.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let at = text.startsWith(csvBom) ? 1 : 0;
  const endCell = () => {
    row.push(readCsvCell(cell));
    cell = '';
  };
  for (; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[at + 1] === '"') {
        cell += '"';
        at++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += char;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}
