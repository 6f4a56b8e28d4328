import { detectEncoding, notATableMessage } from '@shared/import/detect-encoding';
import { decodeChunks } from './decode-chunks';
import { readCsvRows } from './read-csv';

/** The largest file an import reads (issue 43, Bad input). */
export const maxFileBytes = 100 * 1024 * 1024;

/** Rows of a sheet handed on at a time, as a CSV's chunk would be. */
const xlsxRowsAt = 5000;

export interface TableFile {
  /** What the file was read as, for the screen: 'CSV (UTF-8)', 'Excel workbook'. */
  format: string;
  /**
   * Reads the rows, header first, handing them on a chunk at a time with the spreadsheet row of the
   * first; `onRows` returning false stops the read. Answers the rows it could not read whole.
   */
  readRows(onRows: (rows: unknown[][], firstRow: number) => boolean | void, onBytes?: (read: number, total: number) => void): Promise<{ row: number; message: string }[]>;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** A file chosen for import as a table, or the reason it cannot be one, in the user's words. */
export async function openTable(file: Blob): Promise<TableFile | { problem: string }> {
  if (file.size > maxFileBytes) return { problem: `This file is ${megabytes(file.size)}: an import reads files of up to 100 MB. Split it into smaller files.` };
  if (file.size === 0) return { problem: 'This file is empty.' };
  const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  if (isZip(head)) return xlsxTable(file);
  const detected = detectEncoding(head);
  if ('problem' in detected) return detected;
  const names = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16 LE', 'utf-16be': 'UTF-16 BE', 'windows-1252': 'Windows-1252' };
  return {
    format: `Text table (${names[detected.encoding]})`,
    readRows: async (onRows, onBytes) =>
      (
        await readCsvRows(
          decodeChunks(file, detected.encoding, (read) => onBytes?.(read, file.size)),
          onRows,
        )
      ).errors,
  };
}

/**
 * An .xlsx workbook's first sheet. A workbook is a zip, whose parts can only be found from its end,
 * so it is read whole (within the 100 MB limit; 50,000 rows are about 3 MB zipped); its rows are
 * still handed on a chunk at a time. read-excel-file's web-worker build, as we are in our own worker.
 */
function xlsxTable(file: Blob): TableFile {
  return {
    format: 'Excel workbook (.xlsx)',
    readRows: async (onRows, onBytes) => {
      const { readSheet } = await import('read-excel-file/web-worker');
      let rows: unknown[][];
      try {
        rows = (await readSheet(file)) as unknown[][];
      } catch {
        throw new Error(notATableMessage);
      }
      onBytes?.(file.size, file.size);
      for (let start = 0; start < rows.length; start += xlsxRowsAt) {
        if (onRows(rows.slice(start, start + xlsxRowsAt), start + 1) === false) break;
      }
      return [];
    },
  };
}
