import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import type { MutationArgs } from '@shared/mutations/definitions';
import { openingBalanceRows } from '@shared/mutations/opening-balances';
import { openingBalanceMessages } from '@shared/schemas/opening-balance';
import { isOpeningBalance, openingInvoiceNo } from '@shared/domain/opening-balance';

/**
 * The device's half of server/src/mutations/opening-balances/: the same rows, offline too. An opening
 * balance the device already holds under the same number is the same record: nothing is written (the
 * server answers the same), so an import run twice changes nothing.
 */
export async function recordOpeningBalance(tx: LocalTx, args: MutationArgs<'recordOpeningBalance'>): Promise<void> {
  const invoiceNo = openingInvoiceNo(args.invoiceNo);
  const byId = await tx.get('invoices', args.id);
  if (byId) {
    if (isOpeningBalance(byId) && byId.invoiceNo === invoiceNo) return;
    throw new ValidationError(openingBalanceMessages.idUsed);
  }
  if (await tx.db.invoices.where('invoiceNo').equals(invoiceNo).first()) return;
  const customer = await tx.get('customers', args.customerId);
  if (!customer || customer.deleted) throw new ValidationError(openingBalanceMessages.customerNotFound, 'customerId');
  const rows = openingBalanceRows(args, customer, tx.author, tx.occurred);
  await tx.put('invoices', rows.invoice);
  await tx.put('invoiceLines', rows.line);
  if (rows.payment) await tx.put('payments', rows.payment);
}
