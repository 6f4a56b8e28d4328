import { currentAuthor } from '@/sync/mutate';
import { ImportWorker } from './import-worker';
import type { UndoReport } from '../apply/undo-import';

/** An Admin's undo of an import, run in the import's worker like the import itself (thousands of deletes). */
export async function undoImportRun(importId: string): Promise<UndoReport> {
  const worker = new ImportWorker();
  try {
    return await worker.undo(importId, currentAuthor());
  } finally {
    worker.end();
  }
}
