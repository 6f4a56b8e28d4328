import { and, between, eq, inArray } from 'drizzle-orm';
import { HttpError, forbidden, notFound } from '@server/http/errors';
import { notYetMessages, notYetStatus } from '@shared/sync/protocol';
import { drawerWords, type DrawerSessionRow } from '@shared/schemas/drawer';
import type { DrawerRecords } from '@shared/mutations/drawer';
import { drawerMoves, expenses, invoices, payments } from '@server/db/schema';
import type { MutationTx } from '../mutation-tx';

/**
 * The session a pay-in, pay-out or close is for, at the register that sends it. A device's record of
 * a session this server has not received yet waits on the device (notYetStatus, as a return waits for
 * its sale); a session of another register is refused: a drawer is counted at its own register.
 */
export function sessionOfRegister(tx: MutationTx, sessionId: string): DrawerSessionRow {
  const session = tx.findLive('drawerSessions', sessionId) as unknown as DrawerSessionRow | undefined;
  if (!session && tx.fromDevice && !tx.find('drawerSessions', sessionId)) throw new HttpError(notYetStatus, notYetMessages.drawerSession);
  if (!session) throw notFound(drawerWords.notOpen);
  if (session.register !== tx.register) throw forbidden(drawerWords.otherRegister);
  return session;
}

/** Everything of the session's register its Z report counts, up to `until`, as the server holds it. */
export function drawerRecordsOnServer(tx: MutationTx, session: Pick<DrawerSessionRow, 'id' | 'register' | 'createdAt'>, until: string): DrawerRecords {
  const inWindow = <T extends typeof payments | typeof expenses>(table: T) =>
    and(eq(table.register, session.register), between(table.createdAt, session.createdAt, until), eq(table.deleted, false));
  const paid = tx.db
    .select({ method: payments.method, amountCents: payments.amountCents, createdAt: payments.createdAt, invoiceId: payments.invoiceId, register: payments.register })
    .from(payments)
    .where(inWindow(payments))
    .all();
  const invoiceIds = [...new Set(paid.map((payment) => payment.invoiceId))];
  const times = invoiceIds.length === 0 ? [] : tx.db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(inArray(invoices.id, invoiceIds)).all();
  return {
    payments: paid,
    invoiceTimes: new Map(times.map((row) => [row.id, row.createdAt])),
    expenses: tx.db
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
    moves: tx.db
      .select({ kind: drawerMoves.kind, amountCents: drawerMoves.amountCents, sessionId: drawerMoves.sessionId, createdAt: drawerMoves.createdAt })
      .from(drawerMoves)
      .where(and(eq(drawerMoves.sessionId, session.id), eq(drawerMoves.deleted, false)))
      .all(),
  };
}
