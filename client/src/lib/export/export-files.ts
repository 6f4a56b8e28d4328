import { syncedTable, type GarageDb } from '@/db/db';
import { exportLists, type ExportListKey } from '@shared/export/lists';
import type { ExportLookup } from '@shared/export/list';
import { zipParts } from '@shared/export/zip';
import { localDateInput } from '../format-date';
import { exportContext } from './export-context';
import { writeList, type ExportProgress } from './write-list';

/** A file made on the device, ready to save: its bytes as Blob parts and its name. */
export interface ExportedFile {
  name: string;
  parts: Uint8Array[];
  type: string;
  /** Each file's rows (one for a list, every list's for the shop). */
  files: { file: string; rows: number }[];
}

const lookupsOf = (keys: readonly ExportListKey[]) => new Set<ExportLookup>(keys.flatMap((key) => exportLists[key].lookups));

/** One list as `<file>-<day>.csv` (issue 43), from this device's data, offline too. */
export async function exportListFile(db: GarageDb, key: ExportListKey, readsCosts: boolean, onProgress?: (progress: ExportProgress) => void): Promise<ExportedFile> {
  const list = exportLists[key];
  const written = await writeList(db, list, await exportContext(db, lookupsOf([key]), readsCosts), onProgress);
  return {
    name: list.file.replace(/\.csv$/, `-${localDateInput()}.csv`),
    parts: [...written.chunks],
    type: 'text/csv;charset=utf-8',
    files: [{ file: list.file, rows: written.rows }],
  };
}

/** Every list as one zip, `garage-shop-<day>.zip`: the whole shop as this device holds it. */
export async function exportShopFile(db: GarageDb, readsCosts: boolean, onProgress?: (progress: ExportProgress) => void): Promise<ExportedFile> {
  const keys = Object.keys(exportLists) as ExportListKey[];
  // A lookup is read only for a list that has rows: 50,000 items are not read twice for no movement.
  const filled: ExportListKey[] = [];
  for (const key of keys) if ((await syncedTable(db, exportLists[key].table).count()) > 0) filled.push(key);
  const context = await exportContext(db, lookupsOf(filled), readsCosts);
  const written = [];
  for (const key of keys) written.push(await writeList(db, exportLists[key], context, onProgress));
  return {
    name: `garage-shop-${localDateInput()}.zip`,
    parts: zipParts(written),
    type: 'application/zip',
    files: written.map((entry) => ({ file: entry.name, rows: entry.rows })),
  };
}
