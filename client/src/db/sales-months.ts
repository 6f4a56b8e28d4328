import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import { monthKey } from '../../../shared/domain/dashboard';

/**
 * Invoiced totals by calendar month (the device's local time), for the dashboard's 'Overall sales'.
 * Summing 14 months of a big shop's invoices means reading tens of thousands of rows (about a third
 * of 100,000), far over the dashboard's 200 ms; so the sums are kept as rows of their own, changed in
 * the same IndexedDB transaction as the invoices themselves by this middleware, whichever code
 * writes them (a sale on this device, a pull, a reset). A write whose transaction does not include
 * the sums (a one-off write outside the sync code) marks them stale and they are summed again after it.
 */
export interface SalesMonth {
  /** 'YYYY-MM'. */
  month: string;
  totalCents: number;
  invoices: number;
}

export const salesMonthsTable = 'salesMonths';

type Invoice = { date?: unknown; totalCents?: unknown; deleted?: unknown } | undefined;

/** The month and total an invoice adds to the sums; nothing for a deleted or malformed row. */
export function contributionOf(invoice: Invoice): { month: string; cents: number } | null {
  if (!invoice || invoice.deleted === true || typeof invoice.date !== 'string') return null;
  const at = new Date(invoice.date);
  if (Number.isNaN(at.getTime())) return null;
  return { month: monthKey(at), cents: Number(invoice.totalCents) || 0 };
}

/** The sums of a whole set of invoices (the upgrade and the rebuild). */
export function sumByMonth(invoices: Iterable<Invoice>): SalesMonth[] {
  const months = new Map<string, SalesMonth>();
  for (const invoice of invoices) {
    const part = contributionOf(invoice);
    if (!part) continue;
    const month = months.get(part.month) ?? { month: part.month, totalCents: 0, invoices: 0 };
    month.totalCents += part.cents;
    month.invoices += 1;
    months.set(part.month, month);
  }
  return [...months.values()];
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

/** Month → change in [cents, invoices], from the rows before and after a write. */
function deltas(before: Invoice[], after: Invoice[]): Map<string, [number, number]> {
  const change = new Map<string, [number, number]>();
  const apply = (invoice: Invoice, sign: 1 | -1) => {
    const part = contributionOf(invoice);
    if (!part) return;
    const [cents, count] = change.get(part.month) ?? [0, 0];
    change.set(part.month, [cents + sign * part.cents, count + sign]);
  };
  for (const invoice of before) apply(invoice, -1);
  for (const invoice of after) apply(invoice, 1);
  return change;
}

export function salesMonthsMiddleware(onStale: () => void): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'salesMonths',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (name !== 'invoices') return table;
          return {
            ...table,
            // Chained with then(), not async/await: Dexie's promises keep the transaction's context
            // (its zone) through then(); a native await here loses it for the calls below.
            mutate(req) {
              if (!inScope(req.trans, salesMonthsTable)) {
                return table.mutate(req).then((response) => {
                  onStale();
                  return response;
                });
              }
              const sums = down.table(salesMonthsTable);
              let before: Invoice[] = [];
              const readBefore = (keys: unknown[]) =>
                keys.length ? table.getMany({ trans: req.trans, keys }).then((rows) => void (before = rows as Invoice[])) : undefined;
              const keys = keysOf(table, req);
              const ready = Array.isArray(keys) ? Dexie.Promise.resolve(readBefore(keys)) : keys.then(readBefore);
              return ready.then(() =>
                table.mutate(req).then((response) => {
                  const after = req.type === 'add' || req.type === 'put' ? (req.values as Invoice[]).filter((_, index) => !(index in response.failures)) : [];
                  const change = deltas(before, after);
                  if (change.size === 0) return response;
                  const months = [...change.keys()];
                  return sums.getMany({ trans: req.trans, keys: months }).then((stored: (SalesMonth | undefined)[]) => {
                    const values = months.map((month, index) => {
                      const [cents, count] = change.get(month)!;
                      const current = stored[index] ?? { month, totalCents: 0, invoices: 0 };
                      return { month, totalCents: current.totalCents + cents, invoices: current.invoices + count };
                    });
                    return sums.mutate({ type: 'put', trans: req.trans, values, keys: months }).then(() => response);
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
