import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/instance';
import { paths } from '../../../app/paths';
import { jobPagePath } from '../../../app/reprint-path';
import { localDateInput } from '../../../lib/format-date';
import { can } from '../../../../../shared/domain/permissions';
import type { Role } from '../../../../../shared/domain/permissions';
import { openTooLong, pastDue, promisePassed, registerSilent, stockNeedsAttention, waitingTooLongMs, type AttentionKind } from '../../../../../shared/domain/attention';
import { formatDateTime } from '../../../lib/format-date';
import type { RegisterContact } from './use-register-contacts';
import { formatQuantity } from '../../../../../shared/domain/quantity';

export interface AttentionEntry {
  /** Names the entry and what it is about: a change of what it lists makes it a new (unread) entry. */
  key: string;
  kind: AttentionKind;
  title: string;
  detail: string;
  /** Where it is dealt with; '' when there is no screen for it (the sync panel is in the top bar). */
  href: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** The ids an entry lists, so a new one among them makes it unread again. */
const idsKey = (ids: readonly string[]) => [...ids].sort().join(',');

/** Local 'YYYY-MM-DDTHH:mm' now. */
function localNow(): string {
  const now = new Date();
  return `${localDateInput(now)}T${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

/**
 * What needs attention on this device now (shared/domain/attention.ts), live: every read goes
 * through an index (items that need stock, jobs by status, due invoices, records under review), so
 * a big shop's 50,000 items or 100,000 jobs are never read whole.
 */
export async function readAttention(role: Role | undefined): Promise<AttentionEntry[]> {
  const entries: AttentionEntry[] = [];
  const today = localDateInput();
  const now = localNow();

  const stock = (await db.items.where('needsStock').equals(1).toArray()).filter((item) => !item.deleted);
  const belowZero = stock.filter((item) => stockNeedsAttention(item) === 'belowZero');
  const belowReorder = stock.filter((item) => stockNeedsAttention(item) === 'belowReorder');
  if (belowZero.length > 0) {
    entries.push({
      key: `stock:zero:${idsKey(belowZero.map((item) => item.id))}`,
      kind: 'stock',
      title: `${plural(belowZero.length, 'item', 'items')} below zero`,
      detail: belowZero
        .slice(0, 3)
        .map((item) => `${item.itemName} (${formatQuantity(item.stockHundredths)})`)
        .join(', '),
      href: paths.lowStock,
    });
  }
  if (belowReorder.length > 0) {
    entries.push({
      key: `stock:reorder:${idsKey(belowReorder.map((item) => item.id))}`,
      kind: 'stock',
      title: `${plural(belowReorder.length, 'item', 'items')} below the reorder level`,
      detail: belowReorder
        .slice(0, 3)
        .map((item) => `${item.itemName} (${formatQuantity(item.stockHundredths)} of ${item.reorderLevel})`)
        .join(', '),
      href: paths.lowStock,
    });
  }

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

  const overdue = (await db.invoices.where('status').equals('Due').toArray()).filter((invoice) => !invoice.deleted && pastDue(invoice, today));
  if (overdue.length > 0) {
    entries.push({
      key: `invoices:${idsKey(overdue.map((invoice) => invoice.id))}`,
      kind: 'invoices',
      title: `${plural(overdue.length, 'invoice', 'invoices')} past the due date`,
      detail: overdue
        .slice(0, 3)
        .map((invoice) => `${invoice.invoiceNo} (${invoice.customerName})`)
        .join(', '),
      href: paths.dueList,
    });
  }

  if (can(role, 'reviewSales')) {
    const [sales, returns, drawers] = await Promise.all([
      db.invoices.where('reviewState').equals('open').primaryKeys(),
      db.creditNotes.where('reviewState').equals('open').primaryKeys(),
      db.drawerSessions.where('reviewState').equals('open').primaryKeys(),
    ]);
    const raised = [...sales, ...returns, ...drawers];
    if (raised.length > 0) {
      const parts = [plural(sales.length, 'sale', 'sales'), plural(returns.length, 'return', 'returns'), plural(drawers.length, 'drawer session', 'drawer sessions')].filter(
        (part) => !part.startsWith('0 '),
      );
      entries.push({
        key: `review:${idsKey(raised)}`,
        kind: 'review',
        title: `${plural(raised.length, 'record', 'records')} raised for review`,
        detail: parts.join(', '),
        href: paths.saleReview,
      });
    }
  }

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
  const waiting = await db.outbox.filter((entry) => entry.createdAt < waitingSince).count();
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
      title: `Register ${register.code} has not synced for over a day`,
      detail: `Last contact ${formatDateTime(register.lastContactAt ?? register.createdAt)}${register.userName ? ` · first used by ${register.userName}` : ''}`,
      href: '',
    }));
}

/** The entries, live as the device's data changes (and at least every minute, for promised times). */
export function useAttention(role: Role | undefined, minute: number): AttentionEntry[] | undefined {
  return useLiveQuery(() => readAttention(role), [role, minute]);
}
