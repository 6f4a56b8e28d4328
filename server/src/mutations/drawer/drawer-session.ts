import { and, asc, between, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { HttpError, forbidden, notFound } from '@server/http/errors';
import { notYetMessages, notYetStatus } from '@shared/sync/protocol';
import { drawerWords, type DrawerSessionRow } from '@shared/schemas/drawer';
import { closedSinceOf, type DrawerRecords } from '@shared/mutations/drawer';
import { drawerMoves, drawerSessions, expenses, invoices, payments } from '@server/db/schema';
import type { MutationTx } from '../mutation-tx';

/**
 * The session a pay-in, pay-out or close is for, at the register that sends it. A device's record of
 * a session this server has not received yet waits on the device (notYetStatus, as a return waits for
 * its sale); a session of another register is refused: a drawer is counted at its own register.
 */
export async function sessionOfRegister(tx: MutationTx, sessionId: string): Promise<DrawerSessionRow> {
  const session = (await tx.findLive('drawerSessions', sessionId)) as unknown as DrawerSessionRow | undefined;
  if (!session && tx.fromDevice && !(await tx.find('drawerSessions', sessionId))) throw new HttpError(notYetStatus, notYetMessages.drawerSession);
  if (!session) throw notFound(drawerWords.notOpen);
  if (session.register !== tx.register) throw forbidden(drawerWords.otherRegister);
  return session;
}

/**
 * Everything of the session's register its Z report counts, up to `until`, as the server holds it:
 * its payments from the register's previous close on (those before the opening were taken while
 * the drawer was closed: closedSinceOf), its drawer expenses and its moves.
 */
export async function drawerRecordsOnServer(tx: MutationTx, session: SessionKey, until: string): Promise<DrawerRecords> {
  const inWindow = <T extends typeof payments | typeof expenses>(table: T) =>
    and(eq(table.register, session.register), between(table.createdAt, session.createdAt, until), eq(table.deleted, false));
  const closedSince = closedSinceOf(await sessionNextTo(tx, session, 'before'), session);
  const paid = await tx.db
    .select({ method: payments.method, amountCents: payments.amountCents, createdAt: payments.createdAt, invoiceId: payments.invoiceId, register: payments.register })
    .from(payments)
    .where(
      closedSince === null
        ? inWindow(payments)
        : and(eq(payments.register, session.register), gt(payments.createdAt, closedSince), lte(payments.createdAt, until), eq(payments.deleted, false)),
    )
    .all();
  const invoiceIds = [...new Set(paid.map((payment) => payment.invoiceId))];
  const times = invoiceIds.length === 0 ? [] : await tx.db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(inArray(invoices.id, invoiceIds)).all();
  return {
    closedSince,
    payments: paid,
    invoiceTimes: new Map(times.map((row) => [row.id, row.createdAt])),
    expenses: await tx.db
      .select({
        id: expenses.id,
        amountCents: expenses.amountCents,
        createdAt: expenses.createdAt,
        register: expenses.register,
        paidFrom: expenses.paidFrom,
        correctionOf: expenses.correctionOf,
      })
      .from(expenses)
      .where(inWindow(expenses))
      .all(),
    moves: await tx.db
      .select({ id: drawerMoves.id, kind: drawerMoves.kind, amountCents: drawerMoves.amountCents, sessionId: drawerMoves.sessionId, createdAt: drawerMoves.createdAt })
      .from(drawerMoves)
      .where(and(eq(drawerMoves.sessionId, session.id), eq(drawerMoves.deleted, false)))
      .all(),
  };
}

/** A session's place in its register's order: by opening time, ties by id (index drawer_sessions_register_time). */
export type SessionKey = Pick<DrawerSessionRow, 'id' | 'register' | 'createdAt'>;

/** The session of the register opened just before `session`, or just after it. One indexed row. */
export async function sessionNextTo(tx: MutationTx, session: SessionKey, side: 'before' | 'after'): Promise<DrawerSessionRow | undefined> {
  const place = sql`(${drawerSessions.createdAt}, ${drawerSessions.id})`;
  const here = sql`(${session.createdAt}, ${session.id})`;
  return (await tx.db
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.register, session.register), side === 'before' ? sql`${place} < ${here}` : sql`${place} > ${here}`, eq(drawerSessions.deleted, false)))
    .orderBy(...(side === 'before' ? [desc(drawerSessions.createdAt), desc(drawerSessions.id)] : [asc(drawerSessions.createdAt), asc(drawerSessions.id)]))
    .limit(1)
    .get()) as unknown as DrawerSessionRow | undefined;
}

const latestOf = (times: (string | undefined)[], from: string) => times.reduce<string>((latest, at) => (at !== undefined && at > latest ? at : latest), from);

/**
 * The latest of the session's opening and its pay-ins and pay-outs. A register moves cash only while
 * its session is open on it, so these were all made before its close, whatever their times say: a
 * close dated before one of them was dated wrong (a clock gone back, or a forged push).
 */
export async function latestMoveOf(tx: MutationTx, session: SessionKey): Promise<string> {
  const moved = await tx.db
    .select({ at: drawerMoves.createdAt })
    .from(drawerMoves)
    .where(and(eq(drawerMoves.sessionId, session.id), eq(drawerMoves.deleted, false)))
    .orderBy(desc(drawerMoves.createdAt))
    .limit(1)
    .get();
  return latestOf([moved?.at], session.createdAt);
}

/**
 * The time of the latest record a session may hold, as the server holds it: its opening and moves,
 * and its register's payments and drawer expenses from its opening up to the next session's. Where
 * its close was dated wrong, its Z report counts up to this (issue 42: a close dated in the past left
 * the day's sales out of every Z report). Each an indexed read from the newest end.
 */
export async function latestRecordOf(tx: MutationTx, session: SessionKey): Promise<string> {
  const next = await sessionNextTo(tx, session, 'after');
  const ofRegister = <T extends typeof payments | typeof expenses>(table: T) =>
    and(eq(table.register, session.register), gte(table.createdAt, session.createdAt), next ? lt(table.createdAt, next.createdAt) : undefined, eq(table.deleted, false));
  const paid = await tx.db.select({ at: payments.createdAt }).from(payments).where(ofRegister(payments)).orderBy(desc(payments.createdAt)).limit(1).get();
  const spent = await tx.db
    .select({ at: expenses.createdAt })
    .from(expenses)
    .where(and(ofRegister(expenses), eq(expenses.paidFrom, 'Cash drawer')))
    .orderBy(desc(expenses.createdAt))
    .limit(1)
    .get();
  return latestOf([paid?.at, spent?.at], await latestMoveOf(tx, session));
}

/** When the session's latest pay-out was made, if it has one at or after `since`. */
export async function latestPayOutSince(tx: MutationTx, session: Pick<DrawerSessionRow, 'id'>, since: string): Promise<string | undefined> {
  return (
    await tx.db
      .select({ at: drawerMoves.createdAt })
      .from(drawerMoves)
      .where(and(eq(drawerMoves.sessionId, session.id), eq(drawerMoves.kind, 'payOut'), gte(drawerMoves.createdAt, since), eq(drawerMoves.deleted, false)))
      .orderBy(desc(drawerMoves.createdAt))
      .limit(1)
      .get()
  )?.at;
}
