// What a device holds of a sale for a return, as the Returns screen reads it, shared by the
// randomised runs that make returns on devices.
import type { Device } from './harness';
import { returnableHundredths } from '@shared/domain/returns';
import type { ReturnContext } from '@shared/mutations/returns';

/** What the device holds of an invoice for a return, as client/src/sync/mutators/returns.ts reads it; null when it holds none. */
export async function returnContextOn(d: Device, invoiceId: string): Promise<ReturnContext | null> {
  const invoice = await d.db.invoices.get(invoiceId);
  if (!invoice || invoice.deleted) return null;
  const [saleLines, returnedLines, payments] = await Promise.all([
    d.db.invoiceLines.where('invoiceId').equals(invoiceId).toArray(),
    d.db.creditNoteLines.where('invoiceId').equals(invoiceId).toArray(),
    d.db.payments.where('invoiceId').equals(invoiceId).toArray(),
  ]);
  return {
    invoice: { ...(invoice as unknown as ReturnContext['invoice']), returnedCents: Number(invoice.returnedCents ?? 0) },
    saleLines: saleLines.filter((line) => !line.deleted).sort((x, y) => (x.id < y.id ? -1 : 1)),
    returnedLines: returnedLines.filter((line) => !line.deleted),
    payments: payments.filter((payment) => !payment.deleted),
  };
}

/** What of a sale line the device still sees as returnable, in hundredths. */
export const leftOf = (context: ReturnContext, line: ReturnContext['saleLines'][number]) =>
  returnableHundredths(
    line.quantityHundredths,
    context.returnedLines.filter((returned) => returned.invoiceLineId === line.id).map((returned) => returned.quantityHundredths),
  );
