import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { supplierPaymentRows } from '@shared/mutations/supplier-bills';
import { moveDrawerCash } from '../drawer/move-drawer-cash';

/**
 * Money paid to a supplier (issue 44, point 6): a fact, recorded whatever it meets: a supplier or a
 * bill deleted since still gets it (the name kept is the one the server holds, else the bill's). Paid
 * in cash it is a pay-out in the register's drawer session, recorded and judged as any pay-out (after
 * its session's close, or beyond the cash the drawer held: raised for review).
 */
export async function paySupplier(tx: MutationTx, args: MutationArgs<'paySupplier'>) {
  const supplier = await tx.find('suppliers', args.supplierId);
  const bill = args.billId ? await tx.find('supplierBills', args.billId) : undefined;
  const name = supplier ? String(supplier.name) : bill ? String(bill.supplierName) : '';
  const { payment, payOut } = supplierPaymentRows(args, name, bill ? String(bill.billNo) : undefined, tx.user, tx.occurred);
  const row = await tx.insertReturning('supplierPayments', payment, 'This payment was already recorded.');
  if (payOut) await moveDrawerCash(tx, payOut);
  return row;
}
