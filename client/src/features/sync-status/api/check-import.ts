import { apiRequest } from '@/session/api-client';
import type { ImportSummary } from '@shared/sync/import-summary';
import type { OutboxFile } from '@shared/sync/outbox-file';

/**
 * Asks the server what a file of another device's unsent changes would do (nothing is applied): it
 * checks every signature first and refuses an edited file whole, in words (server/src/sync/import-check.ts).
 */
export async function checkImport(file: OutboxFile): Promise<ImportSummary> {
  const { summary } = await apiRequest<{ summary: ImportSummary }>('POST', '/api/sync/import/check', file);
  return summary;
}
