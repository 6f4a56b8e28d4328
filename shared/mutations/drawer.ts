import type { z } from 'zod';
import { defineMutation } from './define';
import { closeDrawerSchema, moveDrawerCashSchema, openDrawerSchema, type DrawerMoveRow, type DrawerSessionRow, type ZReportTakings } from '../schemas/drawer';
import type { PaymentRow } from '../schemas/sale';
import type { ExpenseRow } from '../schemas/expense';
import { countedCents, drawerDifferenceCents, drawerTakings, expectedCashCents, totalsByMethod, type DrawerMove } from '../domain/cash-drawer';
import { factTimesOf, type Occurred } from '../domain/device-time';
import { toCents } from '../domain/money';
import { paymentMethods } from '../domain/payment-methods';
import type { RecordRef } from '../sync/tables';

// A register's cash drawer (issue 27; docs/decisions.md, Cash-up): a session opened with its float,
// cash moved in and out with a reason, and closed by a blind count into a numbered Z report. Each is a
// fact: the float was counted, the cash moved, the count was made; the server records them as the
// register did and raises what does not fit for review.

type Author = { id: string; name: string };

/** The methods a Z report totals, in its order: every way money is taken or handed back, one name each. */
export const zReportMethods = paymentMethods;

export const openDrawer = defineMutation({
  name: 'openDrawer',
  fact: true,
  schema: openDrawerSchema,
  permission: 'operate',
  touches: (args: z.output<typeof openDrawerSchema>): RecordRef[] => [{ table: 'drawerSessions', id: args.id }],
});

export const moveDrawerCash = defineMutation({
  name: 'moveDrawerCash',
  fact: true,
  schema: moveDrawerCashSchema,
  permission: 'operate',
  leansOn: (args: z.output<typeof moveDrawerCashSchema>) => ({ record: { table: 'drawerSessions', id: args.sessionId }, madeBy: 'openDrawer' }),
  touches: (args: z.output<typeof moveDrawerCashSchema>): RecordRef[] => [
    { table: 'drawerMoves', id: args.id },
    { table: 'drawerSessions', id: args.sessionId },
  ],
});

export const closeDrawer = defineMutation({
  name: 'closeDrawer',
  fact: true,
  schema: closeDrawerSchema,
  permission: 'operate',
  leansOn: (args: z.output<typeof closeDrawerSchema>) => ({ record: { table: 'drawerSessions', id: args.sessionId }, madeBy: 'openDrawer' }),
  touches: (args: z.output<typeof closeDrawerSchema>): RecordRef[] => [{ table: 'drawerSessions', id: args.sessionId }],
});

/** A newly opened session's row, built once for both sides. */
export function openSessionRow(args: z.output<typeof openDrawerSchema>, author: Author, when: Occurred): Omit<DrawerSessionRow, 'version' | 'deleted' | 'updatedAt'> {
  return {
    id: args.id,
    register: when.register ?? '',
    status: 'open',
    floatCents: toCents(args.float),
    createdAt: when.at,
    ...factTimesOf(when),
    openedById: author.id,
    openedBy: author.name,
    closedAt: null,
    closedById: null,
    closedBy: '',
    zNumber: '',
    countJson: '',
    countedCents: 0,
    expectedCents: 0,
    differenceCents: 0,
    differenceReason: '',
    takingsJson: '',
    reviewState: '',
    reviewReason: '',
  };
}

/** A pay-in or pay-out row, built once for both sides. */
export function drawerMoveRow(args: z.output<typeof moveDrawerCashSchema>, author: Author, when: Occurred): Omit<DrawerMoveRow, 'version' | 'deleted' | 'updatedAt'> {
  return {
    id: args.id,
    sessionId: args.sessionId,
    register: when.register ?? '',
    kind: args.kind,
    amountCents: toCents(args.amount),
    reason: args.reason,
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    ...factTimesOf(when),
  };
}

/** What each side reads to work out a session's Z report: its register's records, as it holds them. */
export interface DrawerRecords {
  /**
   * When the register's drawer was last closed before the session opened (closedSinceOf): its
   * payments after that and before the opening were taken while closed, and the session counts them.
   */
  closedSince: string | null;
  payments: readonly Pick<PaymentRow, 'method' | 'amountCents' | 'createdAt' | 'invoiceId' | 'register'>[];
  /** When each paid invoice was made: a payment made with it was taken at its sale. */
  invoiceTimes: ReadonlyMap<string, string>;
  expenses: readonly Pick<ExpenseRow, 'id' | 'amountCents' | 'createdAt' | 'register' | 'paidFrom' | 'correctionOf'>[];
  moves: readonly Pick<DrawerMoveRow, 'id' | 'kind' | 'amountCents' | 'sessionId' | 'createdAt'>[];
}

/**
 * Since when a session counts its register's cash taken with the drawer closed (issue 47;
 * docs/decisions.md, Cash-up), from the session its register opened just before it: that session's
 * close; '' when there is none (everything the register took before its first session); null when
 * that session was still open at this opening (no moment between them had the drawer closed).
 */
export function closedSinceOf(previous: Pick<DrawerSessionRow, 'status' | 'closedAt'> | undefined, session: Pick<DrawerSessionRow, 'createdAt'>): string | null {
  if (!previous) return '';
  if (previous.status !== 'closed' || previous.closedAt === null || previous.closedAt >= session.createdAt) return null;
  return previous.closedAt;
}

/** The register's payments taken while its drawer was closed before `session` opened: after `records.closedSince`, before the opening. */
export function takenWhileClosed<P extends DrawerRecords['payments'][number]>(
  session: Pick<DrawerSessionRow, 'register' | 'createdAt'>,
  records: Pick<DrawerRecords, 'closedSince'> & { payments: readonly P[] },
): P[] {
  const since = records.closedSince;
  if (since === null) return [];
  return records.payments.filter((payment) => payment.register === session.register && payment.createdAt > since && payment.createdAt < session.createdAt);
}

/**
 * A session's Z report lines from its register's records between its opening and `closedAt`: the
 * takings, the totals by method and the cash expected (shared/domain/cash-drawer.ts). Payments and
 * expenses count by the register that took them and when they happened; pay-ins and pay-outs by
 * session, up to the close. The cash its register took while the drawer was closed before it is a
 * line of its own (takenWhileClosed), expected in the drawer but in no total by method: those are
 * the session's own takings.
 */
export function zReportOf(
  session: Pick<DrawerSessionRow, 'id' | 'register' | 'floatCents' | 'createdAt'>,
  records: DrawerRecords,
  closedAt: string,
): ZReportTakings & { expectedCents: number } {
  const inSession = (row: { register: string; createdAt: string }) => row.register === session.register && row.createdAt >= session.createdAt && row.createdAt <= closedAt;
  const payments = records.payments.filter(inSession).map((payment) => ({
    method: payment.method,
    amountCents: payment.amountCents,
    atSale: records.invoiceTimes.get(payment.invoiceId) === payment.createdAt,
  }));
  // A correction puts the drawer's expected right only in the session its expense was counted in:
  // once that session is counted, the cash the typo left over went with its count.
  const drawerExpenses = records.expenses.filter((expense) => expense.paidFrom === 'Cash drawer' && inSession(expense));
  const counted = new Set(drawerExpenses.filter((expense) => !expense.correctionOf).map((expense) => expense.id));
  const moves: DrawerMove[] = [
    ...drawerExpenses
      .filter((expense) => !expense.correctionOf || counted.has(expense.correctionOf))
      .map((expense) => ({ kind: 'expense' as const, amountCents: expense.amountCents })),
    // A pay-in or -out made after the close (recorded, and raised for review) is not the count's.
    ...records.moves.filter((move) => move.sessionId === session.id && move.createdAt <= closedAt).map((move) => ({ kind: move.kind, amountCents: move.amountCents })),
  ];
  const takings = drawerTakings(session.floatCents, payments, moves, takenWhileClosed(session, records));
  return { takings, byMethod: totalsByMethod(zReportMethods, payments), expectedCents: expectedCashCents(takings) };
}

/**
 * The session's pay-outs up to `until` that took more cash than its records put in the drawer by
 * their time (each judged without itself), with what it held then (issue 42: a Rs. 1,000,000 pay-out
 * from a Rs. 1,000 drawer went unseen). Judged again as records arrive, since another cashier's
 * earlier sales may reach the server after the pay-out.
 */
export function payOutsBeyondCash(
  session: Pick<DrawerSessionRow, 'id' | 'register' | 'floatCents' | 'createdAt'>,
  records: DrawerRecords,
  until: string,
): { amountCents: number; heldCents: number }[] {
  return records.moves
    .filter((move) => move.sessionId === session.id && move.kind === 'payOut' && move.createdAt <= until)
    .map((move) => ({
      amountCents: move.amountCents,
      heldCents: zReportOf(session, { ...records, moves: records.moves.filter((other) => other.id !== move.id) }, move.createdAt).expectedCents,
    }))
    .filter((payOut) => payOut.amountCents > payOut.heldCents);
}

/** A Z report's lines as its session keeps them; one closed before issue 47 counted no cash taken while closed. */
export function zReportTakingsOf(takingsJson: string): ZReportTakings {
  const report = JSON.parse(takingsJson) as ZReportTakings;
  return { ...report, takings: { ...report.takings, closedCashCents: report.takings.closedCashCents ?? 0 } };
}

/** The fields a close writes on its session: the count, what was expected (as the register printed it) and the difference. */
export function closedSessionFields(args: z.output<typeof closeDrawerSchema>, report: ZReportTakings, author: Author, when: Occurred) {
  const counted = countedCents(args.count);
  const expectedCents = toCents(args.expected);
  return {
    status: 'closed' as const,
    closedAt: when.at,
    closedById: author.id,
    closedBy: author.name,
    zNumber: args.zNumber,
    countJson: JSON.stringify(args.count),
    countedCents: counted,
    expectedCents,
    differenceCents: drawerDifferenceCents(expectedCents, counted),
    differenceReason: args.differenceReason,
    takingsJson: JSON.stringify({ takings: report.takings, byMethod: report.byMethod } satisfies ZReportTakings),
  };
}
