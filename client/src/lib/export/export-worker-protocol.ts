import type { ExportListKey } from '@shared/export/lists';
import type { ExportedFile } from './export-files';
import type { ExportProgress } from './write-list';

/** What the page asks the export worker: one list, or the whole shop, from the device database `dbName`. */
export interface ExportRequest {
  dbName: string;
  list: ExportListKey | 'shop';
  readsCosts: boolean;
}

export type ExportReply = ({ type: 'progress' } & ExportProgress) | { type: 'done'; file: ExportedFile } | { type: 'error'; message: string };
