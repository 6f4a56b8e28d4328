import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { closedSessionFields, closedSinceOf, drawerMoveRow, openSessionRow, zReportOf, type DrawerRecords } from '@shared/mutations/drawer';
import { drawerWords, type DrawerSessionRow } from '@shared/schemas/drawer';
import type { PaymentRow } from '@shared/schemas/sale';
import type { ExpenseRow } from '@shared/schemas/expense';
import type { DrawerMoveRow } from '@shared/schemas/drawer';
import { formatMoney, toCents } from '@shared/domain/money';

// The device's half of server/src/mutations/drawer: the same rows, at once, offline too. Here nothing
// has happened yet, so a drawer opened twice, cash moved with no open session, or a close whose
// figures moved since they were shown, is refused in words before anyone counts.

/** This register's open session, or undefined. */
export async function openSessionOf(tx: LocalTx): Promise<DrawerSessionRow | undefined> {
  const open = await tx.db.drawerSessions.where('[register+status]').equals([tx.register, 'open']).toArray();
  return open.find((row) => !row.deleted);
}

async function ownOpenSession(tx: LocalTx, sessionId: string): Promise<DrawerSessionRow> {
  const session = (await tx.get('drawerSessions', sessionId)) as DrawerSessionRow | undefined;
  if (!session || session.deleted || session.status !== 'open') throw new ValidationError(drawerWords.notOpen);
  if (session.register !== tx.register) throw new ValidationError(drawerWords.otherRegister);
  return session;
}

export async function openDrawer(tx: LocalTx, args: MutationArgs<'openDrawer'>): Promise<void> {
  if (!tx.register) throw new ValidationError(drawerWords.noRegister);
  if (await openSessionOf(tx)) throw new ValidationError(drawerWords.alreadyOpen);
  await tx.put('drawerSessions', openSessionRow(args, tx.author, tx.occurred));
}

export async function moveDrawerCash(tx: LocalTx, args: MutationArgs<'moveDrawerCash'>): Promise<void> {
  await ownOpenSession(tx, args.sessionId);
  await tx.put('drawerMoves', drawerMoveRow(args, tx.author, tx.occurred));
}

type SessionKey = Pick<DrawerSessionRow, 'id' | 'register' | 'createdAt'>;

/**
 * Since when `session` counts its register's cash taken with the drawer closed (closedSinceOf), from
 * the session its register opened just before it as this device holds them: the latest close at or
 * before the opening, unless a session opened after that one was still open. Two indexed reads; a
 * session closed after this opening (an overlap, raised on the server) is not looked for.
 */
export async function closedSinceOnDevice(tx: Pick<LocalTx, 'db'>, session: SessionKey): Promise<string | null> {
  const before = (row: DrawerSessionRow) => !row.deleted && row.register === session.register && row.id !== session.id && row.createdAt <= session.createdAt;
  const [lastClosed, open] = await Promise.all([
    tx.db.drawerSessions.where('closedAt').belowOrEqual(session.createdAt).reverse().filter(before).first(),
    tx.db.drawerSessions.where('[register+status]').equals([session.register, 'open']).filter(before).toArray(),
  ]);
  const latest = [lastClosed, ...open].reduce<DrawerSessionRow | undefined>((found, row) => (row && (!found || row.createdAt > found.createdAt) ? row : found), undefined);
  return closedSinceOf(latest, session);
}

/**
 * Everything of this register the Z report of `session` counts, up to `until`, from the device's own
 * data: its payments from the register's previous close on (taken while closed before the opening).
 */
export async function drawerRecordsOnDevice(tx: Pick<LocalTx, 'db'>, session: SessionKey, until: string): Promise<DrawerRecords> {
  const closedSince = await closedSinceOnDevice(tx, session);
  const range = [
    [session.register, session.createdAt],
    [session.register, until],
  ] as const;
  const paidFrom = closedSince === null ? range[0] : [session.register, closedSince];
  const [payments, expenses, moves] = await Promise.all([
    tx.db.payments
      .where('[register+createdAt]')
      .between(paidFrom, range[1], closedSince === null, true)
      .toArray() as Promise<PaymentRow[]>,
    tx.db.expenses.where('[register+createdAt]').between(range[0], range[1], true, true).toArray() as Promise<ExpenseRow[]>,
    tx.db.drawerMoves.where('sessionId').equals(session.id).toArray() as Promise<DrawerMoveRow[]>,
  ]);
  const invoices = await tx.db.invoices.bulkGet([...new Set(payments.map((payment) => payment.invoiceId))]);
  return {
    closedSince,
    payments: payments.filter((row) => !row.deleted),
    invoiceTimes: new Map(invoices.filter((row) => row && !row.deleted).map((row) => [row!.id, String(row!.createdAt)])),
    expenses: expenses.filter((row) => !row.deleted),
    moves: moves.filter((row) => !row.deleted),
  };
}

/**
 * A close whose count was compared against an expected figure the drawer's records have since moved
 * from (a sale in between): typed, so the close form can tell it from other refusals without reading
 * its words.
 */
export class ExpectedCashChangedError extends ValidationError {
  constructor(readonly expectedCents: number) {
    super(drawerWords.expectedChanged(formatMoney(expectedCents)));
  }
}

export async function closeDrawer(tx: LocalTx, args: MutationArgs<'closeDrawer'>): Promise<void> {
  const session = await ownOpenSession(tx, args.sessionId);
  const when = tx.occurred;
  const report = zReportOf(session, await drawerRecordsOnDevice(tx, session, when.at), when.at);
  // The count was made against the expected figure the cashier was shown; one that moved since (a sale
  // in between) is said, not hidden, and nothing is written.
  if (report.expectedCents !== toCents(args.expected)) throw new ExpectedCashChangedError(report.expectedCents);
  const fields = closedSessionFields(args, report, tx.author, when);
  if (fields.differenceCents !== 0 && !args.differenceReason.trim()) throw new ValidationError(drawerWords.differenceReason, 'differenceReason');
  await tx.patch('drawerSessions', args.sessionId, fields);
}
