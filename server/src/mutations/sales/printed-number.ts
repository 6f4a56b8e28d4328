import { eq, sql } from 'drizzle-orm';
import { prepared } from '@server/db/prepared';
import { devices, invoices } from '@server/db/schema';
import { badRequest, conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import { isServerCode, peekServerInvoiceNo, peekServerInvoiceNoForFact, serverInvoiceNoToTake } from '@server/sales/server-invoice-no';
import { adoptDevice } from '@server/sales/device-code';
import { saleReviewReasons } from '@shared/domain/sale-review';

const codeOf = (invoiceNo: string) => invoiceNo.split('-')[1] ?? '';

/**
 * The number a sale is recorded under (docs/decisions.md, invoice numbers). A register numbers its
 * sales with its own code, given by the server (server/src/sales/device-code.ts). Over REST a sale
 * without a number takes the server's next one here, and a number already used is refused, as before.
 * A pushed sale was printed and handed over: it is recorded whatever its number, but a number it may not keep (another register's code, the server's own
 * series, a number another sale already has) is replaced by the server's next INV-SRV number, and
 * the printed one is named in the sale's review. So no push can take another register's numbers or
 * move the server's series, and no money is refused for its number.
 */
export async function recordedInvoiceNo(tx: MutationTx, printed: string): Promise<{ invoiceNo: string; reason: string | null }> {
  // A REST sale whose body named no number: the server's next, read here, in the sale's own
  // transaction, so two sales never read the same one, whichever processes they reach.
  if (!tx.fromDevice && printed === serverInvoiceNoToTake) return { invoiceNo: await peekServerInvoiceNo(tx.db), reason: null };
  const holder = await numberHolder(tx, printed);
  if (!tx.fromDevice || !tx.clientId) {
    // A REST caller is no register: a number in a register's series would later push that register's
    // own printed sale aside (recorded under the server's number, for review).
    if (await deviceBy(tx, 'code', codeOf(printed))) throw badRequest(registerSeriesMessage(printed));
    if (holder) throw conflict(`The invoice number ${printed} is already used.`);
    return { invoiceNo: printed, reason: null };
  }
  const reason = (await codeProblem(tx, tx.clientId, printed)) ?? (holder ? saleReviewReasons.numberUsed(printed, holder.invoiceNo) : null);
  return reason ? { invoiceNo: await peekServerInvoiceNoForFact(tx.db), reason } : { invoiceNo: printed, reason: null };
}

async function numberHolder(tx: MutationTx, invoiceNo: string): Promise<{ invoiceNo: string } | undefined> {
  return prepared(tx.db, 'invoices:byNumber', () =>
    tx.db
      .select({ invoiceNo: invoices.invoiceNo })
      .from(invoices)
      .where(eq(invoices.invoiceNo, sql.placeholder('invoiceNo')))
      .prepare(),
  ).get({ invoiceNo });
}

/** The refusal of a REST sale numbered in a register's series. */
export const registerSeriesMessage = (printed: string) => `The invoice number ${printed} is in a register's own series: leave the invoice number out.`;

/** The registered device with this code or this client id, if any (one kept statement for each). */
async function deviceBy(tx: MutationTx, key: 'code' | 'clientId', value: string) {
  return prepared(tx.db, `devices:by:${key}`, () =>
    tx.db
      .select()
      .from(devices)
      .where(eq(devices[key], sql.placeholder('value')))
      .prepare(),
  ).get({ value });
}

/**
 * Why a device may not number with this code (an invoice's or a credit note's), or null. A code nobody
 * holds is adopted: a server restored from a backup older than the register.
 */
export async function codeProblem(tx: MutationTx, clientId: string, printed: string): Promise<string | null> {
  const code = codeOf(printed);
  if (isServerCode(code)) return saleReviewReasons.serverSeries(printed);
  const byCode = await deviceBy(tx, 'code', code);
  if (byCode) return byCode.clientId === clientId ? null : saleReviewReasons.otherRegister(printed);
  if (await deviceBy(tx, 'clientId', clientId)) return saleReviewReasons.otherRegister(printed);
  await adoptDevice(tx.db, clientId, code, tx.user.id, tx.now);
  return null;
}
