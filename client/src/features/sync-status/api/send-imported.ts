import { ApiError, apiRequest } from '@/session/api-client';
import { syncProtocol } from '@shared/sync/protocol';
import type { MutationOutcome } from '@shared/sync/messages';
import type { OutboxFile } from '@shared/sync/outbox-file';

export interface ImportResult {
  applied: number;
  refused: { name: string; message: string }[];
}

/** Entries a request carries at first; a batch the server finds too big (413) is halved, as the device's own pushes are. */
const batchSize = 50;

/**
 * Sends another device's unsent changes (an Admin, online): in the file's order, as that device's
 * (its clientId and register code) and each as its author made it (`imported`, the server's
 * sync/imported-outbox.ts). A change already recorded answers as it did then, so a file sent twice,
 * or after its tablet reconnected, changes nothing more.
 */
export async function sendImported(file: OutboxFile): Promise<ImportResult> {
  const result: ImportResult = { applied: 0, refused: [] };
  const send = async (entries: OutboxFile['entries']): Promise<void> => {
    try {
      const answer = await apiRequest<{ results: MutationOutcome[] }>('POST', '/api/sync/push', {
        clientId: file.clientId,
        ...(file.deviceCode ? { deviceCode: file.deviceCode } : {}),
        protocol: syncProtocol,
        imported: true,
        mutations: entries.map(({ authorName: _name, ...envelope }) => envelope),
      });
      answer.results.forEach((outcome, index) => {
        if (outcome.status === 'applied') result.applied += 1;
        else result.refused.push({ name: entries[index]!.name, message: outcome.message ?? 'Refused.' });
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 413 && entries.length > 1) {
        const half = Math.ceil(entries.length / 2);
        await send(entries.slice(0, half));
        await send(entries.slice(half));
        return;
      }
      throw error;
    }
  };
  for (let at = 0; at < file.entries.length; at += batchSize) await send(file.entries.slice(at, at + batchSize));
  return result;
}
