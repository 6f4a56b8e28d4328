import { useEffect, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { useToastStore } from '@/components/ui/toast-store';
import { refusalMessage } from '@/sync/problem-advice';

/**
 * A change the server refuses is said in words on the screen where its author works, as it arrives
 * (issue 23), not only as the top bar's '!1': the server's message and what to do, until dismissed,
 * with a button that opens the problems list. Problems already there when the screen opened are not
 * said again; another user's are left to them.
 */
export function useRefusalToasts(userId: string | undefined, openProblems: () => void): void {
  // The newest problem's key (0: none); null until first read, so the problems there at the start are told apart.
  const newest = useLiveQuery(async () => (await db.problems.orderBy(':id').last())?.key ?? 0, [], null);
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (newest === null) return;
    if (seen.current === null) {
      seen.current = newest; // what was there when the screen opened
      return;
    }
    if (newest <= seen.current) return;
    const from = seen.current;
    seen.current = newest;
    void db.problems
      .where(':id')
      .above(from)
      .toArray()
      .then((arrived) => {
        for (const problem of arrived) {
          if (!userId || problem.mutation.authorId !== userId) continue;
          useToastStore.getState().show({
            variant: 'warning',
            message: refusalMessage(problem),
            durationMs: 30_000,
            source: `refusal-${problem.key}`,
            actions: [{ label: 'Sync problems', onClick: openProblems }],
          });
        }
      });
  }, [newest, userId, openProblems]);
}
