import { eq, sql } from 'drizzle-orm';
import { conflict, notFound } from '@server/http/errors';
import { invoices } from '@server/db/schema';
import { prepared } from '@server/db/prepared';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { openingBalanceRows } from '@shared/mutations/opening-balances';
import { openingBalanceMessages } from '@shared/schemas/opening-balance';
import { isOpeningBalance, openingInvoiceNo, openingLineId } from '@shared/domain/opening-balance';

/**
 * An opening balance (issue 43; docs/decisions.md, Opening balances): the invoice in the opening
 * series, its one line and the payment of what was paid before the move, at one version. Not dated
 * against the window: the old books' invoices are old. The same number again is the same record, so
 * an import sent twice (a new mutation, or another device's) writes nothing and answers the record
 * as it stands; the device drops the rows it guessed under another id (the answer's `missing`).
 */
export async function recordOpeningBalance(tx: MutationTx, args: MutationArgs<'recordOpeningBalance'>) {
  const invoiceNo = openingInvoiceNo(args.invoiceNo);
  const byId = await tx.find('invoices', args.id);
  if (byId) {
    if (isOpeningBalance(byId) && byId.invoiceNo === invoiceNo) return byId;
    throw conflict(openingBalanceMessages.idUsed);
  }
  const recorded = await invoiceByNumber(tx, invoiceNo);
  if (recorded) return (await tx.find('invoices', recorded.id))!;
  const customer = await tx.findLive('customers', args.customerId);
  if (!customer) throw notFound(openingBalanceMessages.customerNotFound);
  const rows = openingBalanceRows(args, customer, tx.user, tx.occurred);
  await tx.insert('invoices', rows.invoice);
  await tx.insert('invoiceLines', rows.line, `This invoice line id is already used (${openingLineId(args.id)}).`);
  if (rows.payment) await tx.insert('payments', rows.payment, openingBalanceMessages.paymentIdUsed);
  return (await tx.find('invoices', args.id))!;
}

async function invoiceByNumber(tx: MutationTx, invoiceNo: string): Promise<{ id: string } | undefined> {
  return prepared(tx.db, 'invoices:idByNumber', () =>
    tx.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.invoiceNo, sql.placeholder('invoiceNo')))
      .prepare(),
  ).get({ invoiceNo });
}
