import { useCallback, useEffect, useState } from 'react';
import { attentionKinds, type AttentionKind } from '@shared/domain/attention';

/** What a user has read and turned off in the bell, on this device (localStorage, per user). */
export interface BellState {
  read: string[];
  off: AttentionKind[];
}

const storageKey = (userId: string) => `bell:${userId}`;
const empty: BellState = { read: [], off: [] };

function load(userId: string): BellState {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as Partial<BellState> | null;
    return {
      read: Array.isArray(saved?.read) ? saved.read : [],
      off: (Array.isArray(saved?.off) ? saved.off : []).filter((kind): kind is AttentionKind => attentionKinds.includes(kind)),
    };
  } catch {
    return empty;
  }
}

/** The user's bell state and its changes; `keep` forgets read marks of entries that have gone, so one that comes back is unread. */
export function useBellState(userId: string | undefined) {
  const [state, setState] = useState<BellState>(() => (userId ? load(userId) : empty));
  useEffect(() => setState(userId ? load(userId) : empty), [userId]);
  const save = useCallback(
    (change: (before: BellState) => BellState) => {
      setState((before) => {
        const after = change(before);
        if (userId) localStorage.setItem(storageKey(userId), JSON.stringify(after));
        return after;
      });
    },
    [userId],
  );
  return {
    state,
    markRead: (keys: readonly string[]) => save((before) => ({ ...before, read: [...new Set([...before.read, ...keys])] })),
    setKindOn: (kind: AttentionKind, on: boolean) =>
      save((before) => ({ ...before, off: on ? before.off.filter((other) => other !== kind) : [...new Set([...before.off, kind])] })),
    keep: (current: readonly string[]) =>
      save((before) => {
        const read = before.read.filter((key) => current.includes(key));
        return read.length === before.read.length ? before : { ...before, read };
      }),
  };
}
