import type { GarageDb } from '@/db/db';
import { CsvFile } from '@shared/export/csv';
import type { ExportContext, ExportList } from '@shared/export/list';
import type { ZipEntry } from '@shared/export/zip';
import { readInBatches } from './read-in-batches';

/** How far an export has come: the list being written and its rows so far. */
export interface ExportProgress {
  list: string;
  rows: number;
}

/** One list as a CSV file (its bytes in chunks), written row by row from the device's own rows. */
export async function writeList(db: GarageDb, list: ExportList, context: ExportContext, onProgress?: (progress: ExportProgress) => void): Promise<ZipEntry & { rows: number }> {
  const file = new CsvFile(list.file, list.header(context));
  await readInBatches(db, list.table, (rows) => {
    for (const row of rows) for (const line of list.lines(row, context)) file.add(line);
    onProgress?.({ list: list.title, rows: file.rows });
  });
  return { ...file.finish(), rows: file.rows };
}
