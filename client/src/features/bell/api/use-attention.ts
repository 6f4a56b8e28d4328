import { useLiveQuery } from 'dexie-react-hooks';
import { useAfterStart } from '@/lib/use-after-start';
import { useThrottledQuery } from '@/lib/use-throttled-query';
import { useSyncStatusStore } from '@/sync/sync-status-store';
import { db } from '@/db/instance';
import { paths } from '@/lib/paths';
import { jobPagePath } from '@/components/print/reprint-path';
import { localDateInput } from '@/lib/format-date';
import { can } from '@shared/domain/permissions';
import type { Role } from '@shared/domain/permissions';
import { openTooLong, pastDueBefore, promisePassed, registerSilent, waitingTooLongMs, type AttentionKind } from '@shared/domain/attention';
import { formatDateTime } from '@/lib/format-date';
import { registerLabel } from '@/lib/register-names';
import type { RegisterContact } from './use-register-contacts';
import { formatQuantity } from '@shared/domain/quantity';
import { belowReorderView } from '@shared/reports/low-stock';

export interface AttentionEntry {
  /** Names the entry and what it is about: a change of what it lists makes it a new (unread) entry. */
  key: string;
  kind: AttentionKind;
  title: string;
  detail: string;
  /** Where it is dealt with; '' when there is no screen for it (the sync panel is in the top bar). */
  href: string;
  /** A stock entry for those who order (issue 44): 'Order' beside it makes the drafts. */
  order?: boolean;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** The ids an entry lists, so a new one among them makes it unread again. */
const idsKey = (ids: readonly string[]) => [...ids].sort().join(',');

/** Local 'YYYY-MM-DDTHH:mm' now. */
function localNow(): string {
  const now = new Date();
  return `${localDateInput(now)}T${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/** The tables the records' entries read: a write to any other (the outbox, the sync's state) does not read them again. */
export const recordTables = [
  'items',
  'jobCards',
  'invoices',
  'creditNotes',
  'drawerSessions',
  'payments',
  'expenses',
  'goodsReceipts',
  'supplierReturns',
  'serviceReminders',
] as const;

/**
 * What needs attention on this device now (shared/domain/attention.ts), live: every read goes
 * through an index (items that need stock, open jobs by status, unpaid invoices before a day,
 * records under review), mostly keys and counts, so a big shop's 50,000 items or 100,000 invoices
 * are never read whole, and a sale at the register costs the bell little.
 */
export async function readRecordsAttention(role: Role | undefined): Promise<AttentionEntry[]> {
  const entries: AttentionEntry[] = [];
  const today = localDateInput();
  const now = localNow();

  // Keys through the index (thousands of low items are still only keys), three rows for the detail.
  const stockEntry = async (level: 1 | 2, what: string, describe: (item: { itemName: string; stockHundredths: number; reorderLevel: number }) => string) => {
    const ids = await db.items.where('needsStock').equals(level).primaryKeys();
    if (ids.length === 0) return;
    const some = (await db.items.bulkGet(ids.slice(0, 3))).filter((item) => item !== undefined);
    entries.push({
      key: `stock:${level}:${idsKey(ids)}`,
      kind: 'stock',
      title: `${plural(ids.length, 'item', 'items')} ${what}`,
      detail: some.map(describe).join(', '),
      // The report's view of what this entry counts (issue 47: the spec's 'Qty < 2' listed none of 2 of 3).
      href: `${paths.lowStock}?view=${belowReorderView}`,
      ...(can(role, 'purchase') ? { order: true } : {}),
    });
  };
  await stockEntry(2, 'below zero', (item) => `${item.itemName} (${formatQuantity(item.stockHundredths)})`);
  await stockEntry(1, 'below the reorder level', (item) => `${item.itemName} (${formatQuantity(item.stockHundredths)} of ${item.reorderLevel})`);

  const openJobs = (await db.jobCards.where('status').anyOf('Open', 'Suspended').toArray()).filter((job) => !job.deleted);
  for (const job of openJobs) {
    const name = job.jobNumber ?? 'A new job';
    if (promisePassed(job, now)) {
      entries.push({
        key: `jobs:promise:${job.id}:${job.promisedDate}T${job.promisedTime}`,
        kind: 'jobs',
        title: `${name} is past its promised time`,
        detail: `${job.vehicleLicensePlate} · ${job.customerName} · promised ${job.promisedDate.split('-').reverse().join('/')}${job.promisedTime ? ` ${job.promisedTime}` : ''}`,
        href: jobPagePath(job.id),
      });
    } else if (openTooLong(job, today)) {
      entries.push({
        key: `jobs:long:${job.id}`,
        kind: 'jobs',
        title: `${name} has been open for over a week`,
        detail: `${job.vehicleLicensePlate} · ${job.customerName}`,
        href: jobPagePath(job.id),
      });
    }
  }

  // Unpaid invoices dated before the cut-off day, by the [status+date] index: a count and three rows.
  const overdue = db.invoices.where('[status+date]').between(['Due', ''], ['Due', pastDueBefore(today)], true, false);
  const overdueCount = await overdue.count();
  if (overdueCount > 0) {
    const some = await overdue.clone().limit(3).toArray();
    entries.push({
      key: `invoices:${overdueCount}:${idsKey(await overdue.clone().primaryKeys())}`,
      kind: 'invoices',
      title: `${plural(overdueCount, 'invoice', 'invoices')} past the due date`,
      detail: some.map((invoice) => `${invoice.invoiceNo} (${invoice.customerName})`).join(', '),
      href: paths.dueList,
    });
  }

  // Vehicles due for a service today (issue 45), by the due day's index: a day's rows are few.
  const dueToday = (await db.serviceReminders.where('dueDate').equals(today).toArray()).filter((row) => !row.deleted && row.remind !== false);
  if (dueToday.length > 0) {
    entries.push({
      key: `reminders:${today}:${idsKey(dueToday.map((row) => row.id))}`,
      kind: 'reminders',
      title: `${plural(dueToday.length, 'vehicle', 'vehicles')} due for a service today`,
      detail: dueToday
        .slice(0, 3)
        .map((row) => `${row.vehicleLicensePlate} (${row.customerName})`)
        .join(', '),
      href: paths.reminders,
    });
  }

  if (can(role, 'reviewSales')) {
    const [sales, returns, drawers, payments, expenses] = await Promise.all([
      db.invoices.where('reviewState').equals('open').primaryKeys(),
      db.creditNotes.where('reviewState').equals('open').primaryKeys(),
      db.drawerSessions.where('reviewState').equals('open').primaryKeys(),
      db.payments.where('reviewState').equals('open').primaryKeys(),
      db.expenses.where('reviewState').equals('open').primaryKeys(),
    ]);
    const raised = [...sales, ...returns, ...drawers, ...payments, ...expenses];
    if (raised.length > 0) {
      const parts = [
        plural(sales.length, 'sale', 'sales'),
        plural(returns.length, 'return', 'returns'),
        plural(drawers.length, 'drawer session', 'drawer sessions'),
        plural(payments.length, 'payment', 'payments'),
        plural(expenses.length, 'expense', 'expenses'),
      ].filter((part) => !part.startsWith('0 '));
      entries.push({
        key: `review:${idsKey(raised)}`,
        kind: 'review',
        title: `${plural(raised.length, 'record', 'records')} raised for review`,
        detail: parts.join(', '),
        href: paths.saleReview,
      });
    }
  }

  // Deliveries raised for review (issue 44): more than was still to come, or a part not on the order,
  // for those who price orders; the entry opens the first one's order, where it is marked reviewed.
  if (can(role, 'purchase')) {
    const deliveries = (await db.goodsReceipts.where('reviewState').equals('open').toArray()).filter((row) => !row.deleted);
    if (deliveries.length > 0) {
      const orders = [...new Set(deliveries.map((row) => row.orderNo))];
      entries.push({
        key: `deliveries:${idsKey(deliveries.map((row) => row.id))}`,
        kind: 'review',
        title: `${plural(deliveries.length, 'delivery', 'deliveries')} raised for review`,
        detail: orders.slice(0, 5).join(', '),
        href: paths.purchaseOrder.replace(':id', deliveries[0]!.orderId),
      });
    }
    // Returns to a supplier raised for review (issue 44, point 7): more went back than a delivery had
    // left (two devices sent the same parts back); the entry opens the first one's order.
    const returns = (await db.supplierReturns.where('reviewState').equals('open').toArray()).filter((row) => !row.deleted);
    if (returns.length > 0) {
      const orders = [...new Set(returns.map((row) => String(row.orderNo)))];
      entries.push({
        key: `supplierReturns:${idsKey(returns.map((row) => row.id))}`,
        kind: 'review',
        title: `${plural(returns.length, 'return to a supplier', 'returns to suppliers')} raised for review`,
        detail: orders.slice(0, 5).join(', '),
        href: paths.purchaseOrder.replace(':id', String(returns[0]!.orderId)),
      });
    }
  }

  return entries;
}

/** The sync's own entries: changes the server refused, and changes waiting too long. Cheap: two counts. */
async function readSyncAttention(): Promise<AttentionEntry[]> {
  const entries: AttentionEntry[] = [];
  const problems = await db.problems.count();
  if (problems > 0)
    entries.push({
      key: `sync:problems:${problems}`,
      kind: 'sync',
      title: `${plural(problems, 'change', 'changes')} the server refused`,
      detail: 'Open the sync status in the top bar to correct or retry them.',
      href: '',
    });
  const waitingSince = new Date(Date.now() - waitingTooLongMs).toISOString();
  // By its index (Dexie 29): a scan read every queued change on each write, 100,000 after an import.
  const waiting = await db.outbox.where('createdAt').below(waitingSince).count();
  if (waiting > 0)
    entries.push({
      key: `sync:waiting:${waiting}`,
      kind: 'sync',
      title: `${plural(waiting, 'change', 'changes')} waiting to be sent for over an hour`,
      detail: 'Connect this device to the shop\u2019s Wi-Fi to send them.',
      href: '',
    });
  return entries;
}

/** An Admin's entries for the registers silent for over a day (the server's last answer; this device's own is never one). */
export function silentRegisterEntries(contacts: readonly RegisterContact[], nowMs: number, ownCode: string): AttentionEntry[] {
  return contacts
    .filter((register) => register.code !== ownCode && registerSilent(register, nowMs))
    .map((register) => ({
      key: `registers:${register.code}:${register.lastContactAt ?? register.createdAt}`,
      kind: 'registers' as const,
      title: `Register ${registerLabel(register.code, { [register.code]: register.name ?? '' })} has not synced for over a day`,
      detail: `Last contact ${formatDateTime(register.lastContactAt ?? register.createdAt)}${register.userName ? ` · first used by ${register.userName}` : ''}`,
      href: '',
    }));
}

/**
 * How often the records' entries are read while a pull of many pages writes (a new device's first
 * sync): each read's requests came between two pages, and the next page's write waited for them
 * (issue 47: 1.6 to 2.2 s of a first sync at 50,000 items, most pages writing items).
 */
const downloadingReadMs = 10_000;

/**
 * The entries, live as the device's data changes (and at least every minute, for promised times);
 * undefined until the app's start has settled (lib/use-after-start.ts).
 */
export function useAttention(role: Role | undefined, minute: number): AttentionEntry[] | undefined {
  const afterStart = useAfterStart();
  const downloading = useSyncStatusStore((state) => state.downloading === true);
  // The records' entries read thousands of keys at a big shop: at most once a second while an
  // import writes or a sync settles its pushes (lib/use-throttled-query.ts), and once every 10 s
  // while a download writes its pages, then at its end. The sync's two counts follow every change
  // as a live query.
  const records = useThrottledQuery(() => readRecordsAttention(role), recordTables, [role, minute], afterStart, downloading ? downloadingReadMs : undefined);
  const sync = useLiveQuery(() => (afterStart ? readSyncAttention() : undefined), [afterStart, minute]);
  return records && sync && [...records, ...sync];
}
