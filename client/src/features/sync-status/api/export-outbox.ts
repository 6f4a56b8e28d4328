import { db } from '@/db/instance';
import type { GarageDb } from '@/db/db';
import { getClientId } from '@/sync/client-id';
import { saveFile } from '@/lib/pdf/save-file';
import { toEnvelope } from '@/sync/sync-engine';
import { outboxFileFormat, type OutboxFile } from '@shared/sync/outbox-file';

/** This device's outbox as the file an Admin can send from another device, every author's entries in order. */
export async function outboxFileOf(from: GarageDb, exportedBy: string, now = new Date()): Promise<OutboxFile> {
  const [entries, clientId, deviceCode] = await Promise.all([from.outbox.orderBy('seq').toArray(), getClientId(from), from.syncState.get('deviceCode')]);
  return {
    format: outboxFileFormat,
    version: 1,
    exportedAt: now.toISOString(),
    exportedBy,
    clientId,
    ...(deviceCode?.value ? { deviceCode: deviceCode.value } : {}),
    entries: entries.map((entry) => ({ ...toEnvelope(entry), authorName: entry.authorName })),
  };
}

/** Saves the file (offline too: nothing leaves the device): unsent-changes-<register>-<date>-<time>.json. */
export async function exportOutbox(exportedBy: string): Promise<number> {
  const file = await outboxFileOf(db, exportedBy);
  const stamp = file.exportedAt.slice(0, 16).replace(/[-:T]/g, '');
  saveFile(new TextEncoder().encode(JSON.stringify(file, null, 1)).buffer as ArrayBuffer, `unsent-changes-${file.deviceCode ?? 'device'}-${stamp}.json`, 'application/json');
  return file.entries.length;
}
