import { useEffect, useState } from 'react';
import Dexie from 'dexie';
import { db } from '@/db/instance';

/** Whether a change Dexie reports (its keys are `idb://<database>/<table>/<index>`) is to one of `tables`. */
export function touchesTables(changedParts: Iterable<string>, databaseName: string, tables: readonly string[]): boolean {
  const prefixes = tables.map((table) => `idb://${databaseName}/${table}/`);
  for (const part of changedParts) if (prefixes.some((prefix) => part.startsWith(prefix))) return true;
  return false;
}

/**
 * Runs `read` again after writes to `tables` (in any tab), trailing: `read` runs at once after a
 * quiet spell, then at most once per `everyMs` while writes keep coming. Each change is seen: a
 * write during a read runs it again afterwards.
 */
export function throttledReads(run: () => Promise<void>, everyMs: number, now: () => number = Date.now) {
  let running = false;
  let again = false;
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const start = async () => {
    timer = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    lastStart = now();
    try {
      await run();
    } finally {
      running = false;
      if (again && !stopped) {
        again = false;
        changed();
      }
    }
  };
  const changed = () => {
    if (stopped || timer !== undefined) return;
    if (running) {
      again = true;
      return;
    }
    timer = setTimeout(() => void start(), Math.max(0, lastStart + everyMs - now()));
  };
  return {
    changed,
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/**
 * A summary over many rows (the bell's), kept current like a live query but read at most once per
 * `everyMs` while its tables keep changing. A live query runs its read again after every write to
 * what it read: an import's sync settles 300 pushes, and the bell's read (~0.3 s at a big shop's
 * size) ran twice a push, holding up the push itself (issue 43's catch-up). Undefined until the
 * first read has answered; `enabled` false reads nothing.
 */
export function useThrottledQuery<T>(read: () => Promise<T>, tables: readonly string[], deps: readonly unknown[], enabled = true, everyMs = 1000): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const reads = throttledReads(async () => {
      try {
        const next = await read();
        if (live) setValue(next);
      } catch {
        // A failed read (the database closing as the page goes) keeps the last answer.
      }
    }, everyMs);
    const onChange = (parts: Record<string, unknown>) => {
      if (touchesTables(Object.keys(parts), db.name, tables)) reads.changed();
    };
    Dexie.on.storagemutated.subscribe(onChange);
    reads.changed();
    return () => {
      live = false;
      reads.stop();
      Dexie.on.storagemutated.unsubscribe(onChange);
    };
    // The caller names what the read depends on, as for useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, everyMs]);
  return value;
}
