import { invoiceDueDate, invoiceDueDays } from './sales';

/**
 * What needs attention (issue 28's bell), worked out on the device from its own data. Each kind can
 * be turned off per user; each entry is read or unread per user.
 */
export const attentionKinds = ['stock', 'jobs', 'invoices', 'reminders', 'review', 'sync', 'registers'] as const;
export type AttentionKind = (typeof attentionKinds)[number];

export const attentionKindLabels: Record<AttentionKind, string> = {
  stock: 'Stock below its reorder level or below zero',
  jobs: 'Jobs past their promised time or open too long',
  invoices: 'Invoices past their due date',
  reminders: 'Vehicles due for a service today',
  review: 'Sales, returns and deliveries raised for review',
  sync: "This device's sync problems and changes waiting",
  registers: 'Registers that have not synced for a day',
};

/** A job open (or suspended) for more days than this is listed. */
export const longOpenJobDays = 7;
/** Changes waiting to be sent for longer than this are listed. */
export const waitingTooLongMs = 60 * 60 * 1000;

/**
 * The reorder-level rule: stock below the item's reorder level. A level of 0 asks for nothing, so
 * only stock below zero is below it. The bell and the Low Stock Report's 'Below reorder level' view
 * use it (the server's list writes it in SQL: server/src/reports/low-stock-items.ts).
 */
export function isBelowReorderLevel(item: { stockHundredths: number; reorderLevel: number }): boolean {
  return item.stockHundredths < item.reorderLevel * 100;
}

/** An item below zero, or else below its reorder level: the bell's two stock entries. */
export function stockNeedsAttention(item: { stockHundredths: number; reorderLevel: number }): 'belowZero' | 'belowReorder' | null {
  if (item.stockHundredths < 0) return 'belowZero';
  return isBelowReorderLevel(item) ? 'belowReorder' : null;
}

/**
 * A job still open or suspended whose promised date and time (the local day, and the time or the
 * day's end without one) have passed at `now` (local 'YYYY-MM-DDTHH:mm').
 */
export function promisePassed(job: { status: string; promisedDate: string; promisedTime: string }, now: string): boolean {
  if (job.status === 'Finished' || !job.promisedDate) return false;
  const promised = `${job.promisedDate}T${job.promisedTime || '23:59'}`;
  return promised < now;
}

/** A job open or suspended for more than `days` whole days since it came in (local days). */
export function openTooLong(job: { status: string; dateIn: string }, today: string, days = longOpenJobDays): boolean {
  if (job.status === 'Finished' || !job.dateIn) return false;
  const cameIn = Date.parse(`${job.dateIn.slice(0, 10)}T00:00:00Z`);
  return (Date.parse(`${today}T00:00:00Z`) - cameIn) / 86_400_000 > days;
}

/** An invoice with something still owed after its due date (the invoice date plus the due days). */
export function pastDue(invoice: { status: string; date: string; dueDate?: string }, today: string): boolean {
  return invoice.status !== 'Paid' && invoiceDueDate(invoice.date, invoice.dueDate) < today;
}

/** The day (YYYY-MM-DD) before which an unpaid invoice's date makes it past due today: a range of the date index. */
export function pastDueBefore(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - invoiceDueDays * 86_400_000).toISOString().slice(0, 10);
}

/** A register is silent when its last push or pull (as the server noted it) is over a day old. */
export const silentRegisterMs = 24 * 60 * 60 * 1000;

export function registerSilent(register: { lastContactAt: string | null; createdAt: string }, nowMs: number): boolean {
  const last = Date.parse(register.lastContactAt ?? register.createdAt);
  return Number.isFinite(last) && nowMs - last > silentRegisterMs;
}
