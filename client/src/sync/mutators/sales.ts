import type { LocalTx } from '../local-tx';
import { customerCreditOnDevice } from '@/db/customer-credit';
import { creditSpendRefusal } from '@shared/mutations/customer-credit';
import { ValidationError } from '../validation-error';
import { recordMovementLocally } from './items';
import type { MutationArgs } from '@shared/mutations/definitions';
import { checkoutInvoiceRows, checkoutRows, guestPaidInFull, isGuestSale } from '@shared/mutations/sales';
import { saleMessages } from '@shared/schemas/sale';

/** The device's half of server/src/mutations/sales/checkout-sale.ts: the same rows, at once, offline too. */
export async function checkoutSale(tx: LocalTx, args: MutationArgs<'checkoutSale'>): Promise<void> {
  let rows: ReturnType<typeof checkoutRows>;
  try {
    rows = checkoutRows(args);
  } catch (error) {
    throw new ValidationError((error as Error).message);
  }
  const [customer, job] = await Promise.all([args.customerId ? tx.get('customers', args.customerId) : undefined, args.jobCardId ? tx.get('jobCards', args.jobCardId) : undefined]);
  // As the server decides it: no customer, or a guest customer record, is a guest sale, paid in full.
  const guest = isGuestSale(args, customer);
  if (!guestPaidInFull({ ...args, guest }, rows.totals.totalCents)) throw new ValidationError(saleMessages.guestPaidInFull, 'paidAmount');
  // The server's rule, with its words: a job is sold once. A cart kept from before another register
  // sold the job would otherwise queue a sale the server refuses, and relink the job here meanwhile.
  if (job?.invoiceId && job.invoiceId !== args.id) throw new ValidationError(`This job already has invoice ${String(job.invoiceNo)}.`);
  // So is its rule that only a finished job is sold (a job reopened here after the cart was filled).
  if (job && job.status !== 'Finished') throw new ValidationError(saleMessages.jobNotFinished);
  // Customer credit is spent only as far as it goes, before anything is handed over.
  const credit = creditSpendRefusal({
    method: args.payment.method,
    spendCents: rows.amountCents,
    hasAccount: !guest && !!args.customerId,
    changeCents: rows.tenderedCents - rows.amountCents,
    balanceCents: args.customerId && !guest ? await customerCreditOnDevice(tx.db, args.customerId) : 0,
  });
  if (credit) throw new ValidationError(credit.message, 'paidAmount');
  const sale = checkoutInvoiceRows(args, rows, { guest, customer, job, author: tx.author, when: tx.occurred });
  await tx.put('invoices', sale.invoice);
  // Issued together, not one after another: each awaited request costs the sale a round trip through
  // the page's task queue, and at the counter that queue is busy (Confirm Payment → print < 300 ms).
  await Promise.all(sale.lines.map((line) => tx.put('invoiceLines', line)));
  if (sale.payment) await tx.put('payments', sale.payment);
  // One item's movements in turn (each reads the stock the previous one wrote), different items' together.
  const byItem = new Map<string, typeof rows.movements>();
  for (const movement of rows.movements) byItem.set(movement.itemId, [...(byItem.get(movement.itemId) ?? []), movement]);
  await Promise.all(
    [...byItem.values()].map(async (movements) => {
      for (const movement of movements) await recordMovementLocally(tx, movement);
    }),
  );
  if (job) await tx.patch('jobCards', job.id, { invoiceId: args.id, invoiceNo: args.invoiceNo });
}
