import { useLiveQuery } from 'dexie-react-hooks';
import { isWithin, monthOf, storedDateBounds } from '../../../../../shared/domain/dashboard';
import { monthResult, type MonthResult } from '../../../../../shared/domain/month-result';
import { creditNoteLines, creditNotes, expenses, invoiceLines, invoices, items } from './dashboard-tables';

/**
 * This month's result (issue 27; shared/domain/month-result.ts) from the device's own data, live:
 * the month's invoices and credit notes through their date index and their lines by document, the
 * cost prices of the parts in them, and the month's expenses. Only asked for when the user reads
 * cost prices (`enabled`): a Staff device holds none (shared/sync/read-scope.ts), so it would read
 * every part as costing nothing. undefined while loading or when not enabled.
 */
export function useMonthResult(now: Date, enabled: boolean): MonthResult | undefined {
  const monthStamp = `${now.getFullYear()}-${now.getMonth()}`;
  return useLiveQuery(async () => {
    if (!enabled) return undefined;
    const { window, firstDay, lastDay } = monthOf(now);
    const [low, high] = storedDateBounds(window);
    const inMonth = <T extends { date: string; deleted: boolean }>(rows: T[]) => rows.filter((row) => !row.deleted && isWithin(row.date, window));
    const [monthInvoices, monthNotes, monthExpenses] = await Promise.all([
      invoices.where('date').between(low, high, true, true).toArray().then(inMonth),
      creditNotes.where('date').between(low, high, true, true).toArray().then(inMonth),
      expenses.where('date').between(firstDay, lastDay, true, true).toArray(),
    ]);
    const [soldLines, returnedLines] = await Promise.all([
      monthInvoices.length
        ? invoiceLines
            .where('invoiceId')
            .anyOf(monthInvoices.map((invoice) => invoice.id))
            .toArray()
        : [],
      monthNotes.length
        ? creditNoteLines
            .where('creditNoteId')
            .anyOf(monthNotes.map((note) => note.id))
            .toArray()
        : [],
    ]);
    const liveSold = soldLines.filter((line) => !line.deleted);
    const liveReturned = returnedLines.filter((line) => !line.deleted);
    const itemIds = [...new Set([...liveSold, ...liveReturned].flatMap((line) => (line.kind === 'item' && line.refId ? [line.refId] : [])))];
    const costs = new Map<string, number>();
    for (const item of await items.bulkGet(itemIds)) if (item?.costPriceCents !== undefined) costs.set(item.id, item.costPriceCents);
    return monthResult({
      invoices: monthInvoices,
      invoiceLines: liveSold,
      creditNotes: monthNotes,
      creditNoteLines: liveReturned,
      costOf: (id) => costs.get(id),
      expenses: monthExpenses.filter((row) => !row.deleted),
    });
  }, [monthStamp, enabled]);
}
