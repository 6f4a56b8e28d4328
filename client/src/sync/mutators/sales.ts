import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import { recordMovementLocally } from './items';
import type { MutationArgs } from '../../../../shared/mutations/definitions';
import { checkoutRows, guestPaidInFull } from '../../../../shared/mutations/sales';
import { invoiceStanding } from '../../../../shared/mutations/payments';
import { saleMessages } from '../../../../shared/schemas/sale';
import { isGuestCustomer } from '../../../../shared/schemas/customer';

/** The device's half of server/src/mutations/sales/checkout-sale.ts: the same rows, at once, offline too. */
export async function checkoutSale(tx: LocalTx, args: MutationArgs<'checkoutSale'>): Promise<void> {
  let rows: ReturnType<typeof checkoutRows>;
  try {
    rows = checkoutRows(args);
  } catch (error) {
    throw new ValidationError((error as Error).message);
  }
  const [customer, job] = await Promise.all([
    args.customerId ? tx.get('customers', args.customerId) : undefined,
    args.jobCardId ? tx.get('jobCards', args.jobCardId) : undefined,
  ]);
  // As the server decides it: no customer, or a guest customer record, is a guest sale, paid in full.
  const guest = args.guest || !args.customerId || (!!customer && isGuestCustomer(customer as Parameters<typeof isGuestCustomer>[0]));
  if (!guestPaidInFull({ ...args, guest }, rows.totals.totalCents)) throw new ValidationError(saleMessages.guestPaidInFull, 'paidAmount');
  // The server's rule, with its words: a job is sold once. A cart kept from before another register
  // sold the job would otherwise queue a sale the server refuses, and relink the job here meanwhile.
  if (job?.invoiceId && job.invoiceId !== args.id) throw new ValidationError(`This job already has invoice ${String(job.invoiceNo)}.`);
  await tx.put('invoices', {
    id: args.id,
    invoiceNo: args.invoiceNo,
    date: args.date,
    customerId: args.customerId,
    guest,
    customerName: customer ? String(customer.customerName) : args.customerName || 'Guest',
    customerPhone: customer ? String(customer.phone ?? '') : args.customerPhone,
    customerAddress: customer ? String(customer.address ?? '') : args.customerAddress,
    jobCardId: args.jobCardId,
    vehicleLicensePlate: job ? String(job.vehicleLicensePlate) : '',
    vehicleMake: job ? String(job.vehicleMake) : '',
    vehicleModel: job ? String(job.vehicleModel) : '',
    currentMileage: job ? Number(job.currentMileage) : null,
    ...rows.tax,
    ...rows.totals,
    ...invoiceStanding(rows.totals.totalCents, rows.amountCents > 0 || rows.tenderedCents > 0 ? [rows.amountCents] : []),
    soldById: tx.author.id,
    soldBy: tx.author.name,
    createdAt: tx.now,
  });
  // Issued together, not one after another: each awaited request costs the sale a round trip through
  // the page's task queue, and at the counter that queue is busy (Confirm Payment → print < 300 ms).
  await Promise.all(rows.lines.map((line) => tx.put('invoiceLines', { ...line, invoiceId: args.id })));
  if (rows.amountCents > 0 || rows.tenderedCents > 0) {
    await tx.put('payments', {
      id: args.payment.id,
      invoiceId: args.id,
      customerId: args.customerId,
      amountCents: rows.amountCents,
      tenderedCents: rows.tenderedCents,
      method: args.payment.method,
      date: args.date,
      note: '',
      userId: tx.author.id,
      userName: tx.author.name,
      createdAt: tx.now,
    });
  }
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
