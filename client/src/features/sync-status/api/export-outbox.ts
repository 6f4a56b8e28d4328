import { db } from '@/db/instance';
import type { GarageDb } from '@/db/db';
import { getClientId } from '@/sync/client-id';
import { saveFile } from '@/lib/pdf/save-file';
import { toEnvelope } from '@/sync/sync-engine';
import { entryKeyOf, signFile } from '@/sync/sign-entry';
import type { Author } from '@/sync/local-tx';
import { outboxFileFormat, outboxFileVersion, type OutboxFile } from '@shared/sync/outbox-file';

/**
 * This device's outbox as the file an Admin can send from another device, every author's entries in
 * order, each with its author's signature, the whole signed by whoever exports it (entry-signature.ts).
 */
export async function outboxFileOf(from: GarageDb, exporter: Pick<Author, 'id' | 'name' | 'signingKey'>, now = new Date()): Promise<OutboxFile> {
  const [entries, clientId, deviceCode] = await Promise.all([from.outbox.orderBy('seq').toArray(), getClientId(from), from.syncState.get('deviceCode')]);
  const unsigned: Omit<OutboxFile, 'signature'> = {
    format: outboxFileFormat,
    version: outboxFileVersion,
    exportedAt: now.toISOString(),
    exportedBy: exporter.name,
    exportedById: exporter.id,
    clientId,
    ...(deviceCode?.value ? { deviceCode: deviceCode.value } : {}),
    entries: entries.map((entry) => ({ ...toEnvelope(entry), ...(entry.signature ? { signature: entry.signature } : {}), authorName: entry.authorName })),
  };
  // Through JSON first: the signature is over the file as the server will read it back.
  const file = JSON.parse(JSON.stringify(unsigned)) as OutboxFile;
  const signature = await signFile(await entryKeyOf(exporter.signingKey, (await from.syncState.get('deviceKey'))?.value), file);
  return signature ? { ...file, signature } : file;
}

/** Saves the file (offline too: nothing leaves the device): unsent-changes-<register>-<date>-<time>.json. */
export async function exportOutbox(exporter: Pick<Author, 'id' | 'name' | 'signingKey'>): Promise<number> {
  const file = await outboxFileOf(db, exporter);
  const stamp = file.exportedAt.slice(0, 16).replace(/[-:T]/g, '');
  saveFile(new TextEncoder().encode(JSON.stringify(file, null, 1)).buffer as ArrayBuffer, `unsent-changes-${file.deviceCode ?? 'device'}-${stamp}.json`, 'application/json');
  return file.entries.length;
}
