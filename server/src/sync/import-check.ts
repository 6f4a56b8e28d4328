import type { Db } from '../db/connection';
import type { AuthUser } from '../auth/tokens';
import { importMoneyKinds, moneyInChange, type ImportSummary } from '@shared/sync/import-summary';
import type { OutboxFile } from '@shared/sync/outbox-file';
import { assertFileSigned, importAuthors } from './imported-outbox';

/**
 * What a file of another device's unsent changes would do, for the Admin to read before sending it
 * (issue 42, point 1): checked first (only an Admin; every signature, refused whole with 422 when one
 * does not hold), then counted by kind, by author as this server knows them now, and by money.
 * Nothing is applied.
 */
export async function checkImportFile(db: Db, sender: AuthUser, file: OutboxFile): Promise<ImportSummary> {
  const authors = await importAuthors(
    db,
    sender,
    file.entries.map((entry) => entry.authorId),
  );
  await assertFileSigned(db, file);
  const kinds = new Map<string, number>();
  const byAuthor = new Map<string, number>();
  const money = new Map<string, number>();
  for (const entry of file.entries) {
    kinds.set(entry.name, (kinds.get(entry.name) ?? 0) + 1);
    byAuthor.set(entry.authorId ?? '', (byAuthor.get(entry.authorId ?? '') ?? 0) + 1);
    for (const [kind, cents] of moneyInChange(entry.name, entry.args)) money.set(kind, (money.get(kind) ?? 0) + cents);
  }
  return {
    changes: file.entries.length,
    clientId: file.clientId,
    deviceCode: file.deviceCode ?? null,
    exportedBy: file.exportedBy,
    exportedAt: file.exportedAt,
    kinds: [...kinds].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    authors: [...byAuthor].map(([id, count]) => {
      const author = authors.get(id);
      const named = file.entries.find((entry) => entry.authorId === id)?.authorName ?? '';
      return { id, name: author?.name ?? named, role: author?.role ?? null, active: author?.active ?? false, known: !!author, count };
    }),
    money: importMoneyKinds.filter((kind) => money.has(kind)).map((kind) => ({ kind, cents: money.get(kind)! })),
  };
}
