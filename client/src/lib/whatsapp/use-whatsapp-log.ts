import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { formatDateTime } from '@/lib/format-date';
import type { WhatsappLogRow } from '@shared/schemas/whatsapp-log';

export interface WhatsappLogEntry {
  id: string;
  /** 'Opened by Nimal at 07/12/2026 10:32 AM': opened, never 'sent' (the app cannot know). */
  text: string;
  /** Not yet on the server (recorded offline). */
  pending: boolean;
}

/** What a log row says beside its button. */
export const openedText = (row: Pick<WhatsappLogRow, 'userName' | 'at'>) => `Opened by ${row.userName} at ${formatDateTime(row.at)}`;

/** The latest WhatsApp openings of a reminder or an estimate (`refId`), newest first: undefined while loading. */
export function useWhatsappLog(refId: string | null | undefined, limit = 3): WhatsappLogEntry[] | undefined {
  return useLiveQuery(async () => {
    if (!refId) return [];
    const rows = (await db.whatsappLog.where('refId').equals(refId).toArray()) as WhatsappLogRow[];
    return rows
      .filter((row) => !row.deleted)
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, limit)
      .map((row) => ({ id: row.id, text: openedText(row), pending: !row.receivedAt }));
  }, [refId, limit]);
}
