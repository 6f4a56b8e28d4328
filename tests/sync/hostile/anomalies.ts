// What the hostile device forged, each with the record that must wait on Sales to Review for it
// (invariant 3 of the hostile run: every anomaly in Sales to Review), checked against the server's
// SQLite and against what a device's Sales to Review reads (Dexie's reviewState indexes).
import type { Db } from '@server/db/connection';
import type { Device } from '../harness';
import { drawerReviewReasons } from '@shared/schemas/drawer';
import { reviewReasons } from '@shared/domain/drawer-review';

/** The tables Sales to Review and the bell read by their reviewState index. */
export const reviewTables = ['invoices', 'creditNotes', 'payments', 'expenses', 'drawerSessions'] as const;
export type ReviewTable = (typeof reviewTables)[number];
export const sqlNames: Record<ReviewTable, string> = {
  invoices: 'invoices',
  creditNotes: 'credit_notes',
  payments: 'payments',
  expenses: 'expenses',
  drawerSessions: 'drawer_sessions',
};

export interface Anomaly {
  /** What was forged, in words (for the failure message). */
  what: string;
  table: ReviewTable;
  /** The record that must be under review. */
  id: string;
  /** The forged mutation. */
  mutationId: string;
  /** A refusal (nothing recorded) is an answer too: nothing was handed over, or it cannot be priced. */
  refusable: boolean;
  /** Raised by one of the drawer rules of issue 42, points 8 and 2 (checked by a test of its own). */
  drawerRule?: boolean;
  /**
   * Raised for a reason of its own, naming this (the pay-out's amount, the count's difference): not
   * only for one the session would be raised for anyway (opened twice, expected differs).
   */
  ownReason?: string;
}

export type Outcome = { status: 'applied' | 'rejected'; httpStatus: number; message: string | null } | undefined;

/** Each anomaly not in Sales to Review, in words: recorded but not open, refused where it may not be, or never answered. */
export async function anomaliesNotUnderReview(db: Db, anomalies: readonly Anomaly[], outcomeOf: (mutationId: string) => Outcome): Promise<string[]> {
  const problems: string[] = [];
  for (const anomaly of anomalies) {
    const outcome = outcomeOf(anomaly.mutationId);
    const row = (await db.$client.prepare(`SELECT reviewState, reviewReason FROM ${sqlNames[anomaly.table]} WHERE id = ?`).get(anomaly.id)) as
      { reviewState: string; reviewReason: string } | undefined;
    const what = `${anomaly.what} (${anomaly.table} ${anomaly.id}, mutation ${anomaly.mutationId})`;
    if (!outcome) problems.push(`${what}: never answered by the server`);
    else if (outcome.status === 'rejected') {
      if (!anomaly.refusable) problems.push(`${what}: refused (${outcome.httpStatus} ${outcome.message}) where it must be recorded for review`);
    } else if (row?.reviewState !== 'open') problems.push(`${what}: recorded as ${JSON.stringify(row ?? null)}, not open for review`);
  }
  return problems;
}

/** The ids open for review in each table, as the server holds them. */
export async function openOnServer(db: Db): Promise<Record<ReviewTable, string[]>> {
  const open = {} as Record<ReviewTable, string[]>;
  for (const table of reviewTables) {
    const rows = (await db.$client.prepare(`SELECT id FROM ${sqlNames[table]} WHERE reviewState = 'open' AND deleted = 0 ORDER BY id`).all()) as { id: string }[];
    open[table] = rows.map((row) => row.id);
  }
  return open;
}

/** The ids open for review in each table, as Sales to Review and the bell read them on the device. */
export async function openOnDevice(d: Device): Promise<Record<ReviewTable, string[]>> {
  const open = {} as Record<ReviewTable, string[]>;
  for (const table of reviewTables) {
    const keys = (await d.db.table(table).where('reviewState').equals('open').primaryKeys()) as string[];
    open[table] = keys.sort();
  }
  return open;
}

/** A message's words as a pattern: whatever stands where the message was given `placeholder` matches. */
export const placeholder = '\u0000';
export const wordsOf = (text: string) =>
  new RegExp(
    `^${text
      .split(placeholder)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
/** The reasons a drawer session was raised for before issue 42's drawer rules. */
const reasonsBeforeDrawerRules = [
  wordsOf(drawerReviewReasons.openedTwice(placeholder)),
  wordsOf(drawerReviewReasons.closedTwice(placeholder)),
  wordsOf(drawerReviewReasons.expectedDiffers(placeholder, placeholder)),
  wordsOf(drawerReviewReasons.moveOutsideSession),
  wordsOf(drawerReviewReasons.zNumberUsed(placeholder)),
];

/**
 * Each drawer forgery whose session is not under review, or (`ownReason`) not for a reason of its
 * own: one beyond those raised before the drawer rules (a session opened twice, or an expected figure
 * that differs, would hold it open whatever the rules say) that names what was forged.
 */
export async function drawerForgeriesNotRaised(db: Db, anomalies: readonly Anomaly[], outcomeOf: (mutationId: string) => Outcome): Promise<string[]> {
  const problems = await anomaliesNotUnderReview(db, anomalies, outcomeOf);
  for (const anomaly of anomalies.filter((forged) => forged.ownReason)) {
    const row = (await db.$client.prepare('SELECT reviewState, reviewReason FROM drawer_sessions WHERE id = ?').get(anomaly.id)) as
      { reviewState: string; reviewReason: string } | undefined;
    if (row?.reviewState !== 'open') continue;
    const own = reviewReasons(row.reviewReason).some((sentence) => sentence.includes(anomaly.ownReason!) && !reasonsBeforeDrawerRules.some((words) => words.test(sentence)));
    if (!own) problems.push(`${anomaly.what} (session ${anomaly.id}): no reason of its own naming ${anomaly.ownReason} in ${JSON.stringify(row.reviewReason)}`);
  }
  return problems;
}

/** What else waits for review, counted by table and reason (numbers and amounts left out): for the run's log. */
export async function otherReviews(db: Db, anomalies: readonly Anomaly[]): Promise<Record<string, number>> {
  const forged = new Set(anomalies.map((anomaly) => anomaly.id));
  const others: Record<string, number> = {};
  for (const [table, ids] of Object.entries(await openOnServer(db)) as [ReviewTable, string[]][])
    for (const id of ids.filter((id) => !forged.has(id))) {
      const { reviewReason } = (await db.$client.prepare(`SELECT reviewReason FROM ${sqlNames[table]} WHERE id = ?`).get(id)) as { reviewReason: string };
      const kind = `${table}: ${reviewReason.replace(/-?Rs\. [\d,.]+|[A-Z]+-[A-Z0-9]+-\d+|\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?/g, '…').slice(0, 120)}`;
      others[kind] = (others[kind] ?? 0) + 1;
    }
  return others;
}
