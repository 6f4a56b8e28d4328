import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type DBCoreTransaction, type Middleware, type Table } from 'dexie';

/**
 * Sums kept beside a synced table (invoiced totals by month, job counts by day and status), so that
 * the dashboard reads a few small rows instead of walking thousands of index entries: in Chromium
 * IndexedDB counts about 15 µs an entry (docs/benchmarks-history.md), and a big shop's month holds thousands.
 *
 * A middleware changes the sums in the same IndexedDB transaction as the rows themselves, whichever
 * code writes them (a local mutation, a pull page, a reset). A write whose transaction does not
 * include the sums' table (a one-off write outside the sync code) marks them stale, and they are
 * computed again from every row after it.
 */
export interface DerivedSums {
  /** The synced table summed ('invoices'). */
  source: string;
  /** The table of sums ('salesMonths'); its primary key is a string. */
  target: string;
  /** What one row adds: key → amounts (the same length for every key); nothing for a deleted or malformed row. */
  contributions(row: Row): [key: string, amounts: number[]][];
  /** The stored row of a key's sums, and back. */
  toRow(key: string, amounts: number[]): object;
  amountsOf(row: object): number[];
}

export type Row = Record<string, unknown> | undefined;

/** The sums of every row of the source table (an upgrade, a rebuild), read row by row: 100,000 job cards are never held at once. */
export async function sumTable(spec: DerivedSums, source: Table): Promise<object[]> {
  const sums = new Map<string, number[]>();
  await source.each((row) => addTo(sums, spec.contributions(row as Row), 1));
  return [...sums].map(([key, amounts]) => spec.toRow(key, amounts));
}

function addTo(sums: Map<string, number[]>, parts: [string, number[]][], sign: 1 | -1): void {
  for (const [key, amounts] of parts) {
    const current = sums.get(key) ?? amounts.map(() => 0);
    sums.set(
      key,
      current.map((value, index) => value + sign * (amounts[index] ?? 0)),
    );
  }
}

const inScope = (trans: DBCoreTransaction, store: string) => (trans as unknown as IDBTransaction).objectStoreNames.contains(store);

function keysOf(table: DBCoreTable, req: DBCoreMutateRequest): Promise<unknown[]> | unknown[] {
  switch (req.type) {
    case 'add':
      return [];
    case 'put':
      return req.keys ?? req.values.map((value) => (value as { id: unknown }).id);
    case 'delete':
      return req.keys;
    case 'deleteRange':
      return table.query({ trans: req.trans, values: false, query: { index: table.schema.primaryKey, range: req.range } }).then((found) => found.result);
  }
}

export function derivedSumsMiddleware(spec: DerivedSums, onStale: () => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: `derivedSums:${spec.target}`,
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (name !== spec.source) return table;
          return {
            ...table,
            // Chained with then(), not async/await: Dexie's promises keep the transaction's context
            // (its zone) through then(); a native await here loses it for the calls below.
            mutate(req) {
              if (!inScope(req.trans, spec.target)) {
                return table.mutate(req).then((response) => {
                  onStale();
                  return response;
                });
              }
              const sums = down.table(spec.target);
              let before: Row[] = [];
              const readBefore = (keys: unknown[]) => (keys.length ? table.getMany({ trans: req.trans, keys }).then((rows) => void (before = rows as Row[])) : undefined);
              const keys = keysOf(table, req);
              const ready = Array.isArray(keys) ? Dexie.Promise.resolve(readBefore(keys)) : keys.then(readBefore);
              return ready.then(() =>
                table.mutate(req).then((response) => {
                  const after = req.type === 'add' || req.type === 'put' ? (req.values as Row[]).filter((_, index) => !(index in response.failures)) : [];
                  const change = new Map<string, number[]>();
                  for (const row of before) addTo(change, spec.contributions(row), -1);
                  for (const row of after) addTo(change, spec.contributions(row), 1);
                  if (change.size === 0) return response;
                  const changed = [...change.keys()];
                  return sums.getMany({ trans: req.trans, keys: changed }).then((stored: (object | undefined)[]) => {
                    const values = changed.map((key, index) => {
                      const delta = change.get(key)!;
                      const current = stored[index] ? spec.amountsOf(stored[index]) : delta.map(() => 0);
                      return spec.toRow(
                        key,
                        delta.map((value, at) => (current[at] ?? 0) + value),
                      );
                    });
                    return sums.mutate({ type: 'put', trans: req.trans, values, keys: changed }).then(() => response);
                  });
                }),
              );
            },
          };
        },
      };
    },
  };
}

const rebuilding = new WeakMap<Dexie, Set<string>>();

/** The sums again from every row, after a write they could not follow; once at a time per table. */
export function scheduleRebuild(db: Dexie, spec: DerivedSums): void {
  const running = rebuilding.get(db) ?? new Set<string>();
  rebuilding.set(db, running);
  if (running.has(spec.target)) return;
  running.add(spec.target);
  // Outside the zone of the write that asked for it (a transaction of its own, after that one).
  new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() =>
      Dexie.ignoreTransaction(() =>
        db.transaction('rw', db.table(spec.source), db.table(spec.target), async () => {
          const sums = await sumTable(spec, db.table(spec.source));
          await db.table(spec.target).clear();
          await db.table(spec.target).bulkPut(sums);
        }),
      ),
    )
    .catch(() => undefined)
    .finally(() => running.delete(spec.target));
}
