import { Hono } from 'hono';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, readJson } from '../http/errors';
import { runMutation } from '../http/run-mutation';
import { requirePermission } from '../auth/require-auth';
import { creditNoteLines, creditNotes } from '../db/schema';
import { codeOfNumber, isServerCode, serverCreditNoteNoToTake } from '../sales/server-invoice-no';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import { returnMessages } from '@shared/schemas/return';
import type { SyncedRow } from '@shared/sync/tables';
import { newRecordId } from '@shared/sync/record-id';

type CreditNote = typeof creditNotes.$inferSelect;
type CreditNoteLine = typeof creditNoteLines.$inferSelect;

/** A credit note as the API gives it: money in rupees, quantities in units, its lines inside. */
function creditNoteToApi(note: CreditNote, lines: readonly CreditNoteLine[]) {
  return {
    _id: note.id,
    creditNoteNo: note.creditNoteNo,
    invoiceId: note.invoiceId,
    invoiceNo: note.invoiceNo,
    customerId: note.customerId,
    customerName: note.customerName,
    date: note.date,
    reason: note.reason,
    note: note.note,
    subTotal: fromCents(note.subTotalCents),
    tax: fromCents(note.taxCents),
    total: fromCents(note.totalCents),
    reducedDue: fromCents(note.reducedDueCents),
    refund: fromCents(note.refundCents),
    refundMethod: note.refundMethod,
    returnedBy: note.userName,
    reviewState: note.reviewState,
    reviewReason: note.reviewReason,
    items: lines.map((line) => ({
      _id: line.id,
      invoiceLineId: line.invoiceLineId,
      kind: line.kind,
      name: line.name,
      quantity: fromHundredths(line.quantityHundredths),
      unitPrice: fromCents(line.unitPriceCents),
      discountPercent: line.discountPercent,
      total: fromCents(line.totalCents),
      tax: fromCents(line.taxCents),
      disposition: line.disposition,
      supplierName: line.supplierName,
    })),
  };
}

/**
 * Returns (credit notes) over REST: `POST /api/returns` is the returnSale mutation, as a device's
 * (Idempotency-Key included), numbered in the server's own series CN-SRV-… unless the body names one of
 * that series; `GET /api/returns?invoiceId=` lists an invoice's credit notes, oldest first.
 */
export function returnRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('operate'));

  app.post('/', async (c) => {
    const body = await readJson(c);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    const fields = body as Record<string, unknown>;
    // The server's own series moves only by the server's numbering (as for invoices): a number given
    // from outside could push it to the end of its format, and every later return would be refused.
    if (typeof fields.creditNoteNo === 'string' && isServerCode(codeOfNumber(fields.creditNoteNo))) throw badRequest(returnMessages.serverSeries);
    const lines = Array.isArray(fields.lines) ? fields.lines.map((line) => (line && typeof line === 'object' ? { id: newRecordId(), ...(line as object) } : line)) : fields.lines;
    // Without a number, the return's own transaction takes the server's next one (recordedCreditNoteNo).
    // A return over REST happens now: a body's date cannot move it past the Staff window or a warranty.
    const args = {
      id: newRecordId(),
      refundPaymentId: newRecordId(),
      ...fields,
      date: new Date().toISOString(),
      creditNoteNo: fields.creditNoteNo ?? serverCreditNoteNoToTake,
      lines,
    };
    const row = (await runMutation(c, deps, 'returnSale', args)) as SyncedRow;
    const note = (await db.select().from(creditNotes).where(eq(creditNotes.id, row.id)).get())!;
    const noteLines = await db.select().from(creditNoteLines).where(eq(creditNoteLines.creditNoteId, note.id)).orderBy(asc(creditNoteLines.position)).all();
    return c.json({ success: true, message: returnMessages.recorded(note.creditNoteNo), creditNote: creditNoteToApi(note, noteLines) }, 201);
  });

  app.get('/', async (c) => {
    const invoiceId = c.req.query('invoiceId')?.trim();
    if (!invoiceId) throw badRequest('Name the invoice: ?invoiceId=');
    const notes = await db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.invoiceId, invoiceId), eq(creditNotes.deleted, false)))
      .orderBy(desc(creditNotes.date))
      .limit(500)
      .all();
    const lines = notes.length
      ? await db
          .select()
          .from(creditNoteLines)
          .where(
            inArray(
              creditNoteLines.creditNoteId,
              notes.map((note) => note.id),
            ),
          )
          .orderBy(asc(creditNoteLines.position))
          .all()
      : [];
    return c.json({
      success: true,
      creditNotes: notes.reverse().map((note) =>
        creditNoteToApi(
          note,
          lines.filter((line) => line.creditNoteId === note.id),
        ),
      ),
    });
  });

  return app;
}
