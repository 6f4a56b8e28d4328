import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/instance';

export interface WaitingChanges {
  authorId: string;
  authorName: string;
  count: number;
}

/** '3 changes by Nimal wait for Nimal to log in on this device' (docs/sync-rules.md, rule 11). */
export function waitingMessage({ authorName, count }: WaitingChanges): string {
  const name = authorName || 'another user';
  return count === 1 ? `1 change by ${name} waits for ${name} to log in on this device` : `${count} changes by ${name} wait for ${name} to log in on this device`;
}

/** Unsent changes made here by users other than `userId`: only their author's login sends them. */
export function useWaitingChanges(userId: string | null | undefined): WaitingChanges[] {
  return useLiveQuery(
    async () => {
      const authors = (await db.outbox.orderBy('authorId').uniqueKeys()) as string[];
      const waiting: WaitingChanges[] = [];
      for (const authorId of authors) {
        if (authorId === userId || authorId === '') continue;
        const first = await db.outbox.where('authorId').equals(authorId).first();
        waiting.push({ authorId, authorName: first?.authorName ?? '', count: await db.outbox.where('authorId').equals(authorId).count() });
      }
      return waiting;
    },
    [userId],
    [],
  );
}
