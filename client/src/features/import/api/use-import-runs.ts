import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import type { ImportRun } from '@/db/db';

/** The imports made on this device, newest first, live as one runs. */
export function useImportRuns(): ImportRun[] | undefined {
  return useLiveQuery(() => db.imports.orderBy('startedAt').reverse().limit(20).toArray(), []);
}
