import { db } from '@/db/instance';
import { mutate } from '@/sync/mutate';
import { nextInvoiceNo } from '@/sync/invoice-numbers';
import { fromCents } from '@shared/domain/money';
import { fromHundredths } from '@shared/domain/quantity';
import { invoiceTotals, type TaxSetting } from '@shared/domain/sales';
import type { RegisterPaymentMethod } from '@shared/schemas/sale';
import type { Cart } from './cart';
import { newRecordId } from '@shared/sync/record-id';

export interface CheckoutChoice {
  /** null: a guest. */
  customerId: string | null;
  method: RegisterPaymentMethod;
  /** Rupees as typed. */
  tendered: string;
  /** The customer left what is over the total as credit on the invoice (not change). */
  keepExcess?: boolean;
  /** A cash sale the shop rounds to the rupee: its rounding line, in cents (issue 47). */
  roundingCents?: number;
  /** A part payment's cash handed over, more than `tendered` (what it pays): the rest is change (issue 47). */
  handedOver?: string;
}

/**
 * Sells the cart on this device, offline too: the invoice number is this register's next one and
 * final at once; the invoice, its payment and the stock movements are written in one transaction
 * with the outbox entry. Answers the invoice's id.
 */
export async function checkout(cart: Cart, tax: TaxSetting, choice: CheckoutChoice): Promise<string> {
  const id = newRecordId();
  const totals = invoiceTotals(cart.lines, tax);
  await mutate('checkoutSale', {
    id,
    invoiceNo: await nextInvoiceNo(db),
    date: new Date().toISOString(),
    customerId: choice.customerId,
    guest: choice.customerId === null,
    customerName: choice.customerId === null ? 'Guest' : '',
    jobCardId: cart.jobId,
    lines: cart.lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      refId: line.refId,
      name: line.name,
      quantity: fromHundredths(line.quantityHundredths),
      unitPrice: fromCents(line.unitPriceCents),
      discountPercent: line.discountPercent,
      warrantyMonths: line.warrantyMonths,
    })),
    taxRatePercent: tax.taxRatePercent,
    pricesIncludeTax: tax.pricesIncludeTax,
    total: fromCents(totals.totalCents + (choice.roundingCents ?? 0)),
    ...(choice.roundingCents !== undefined ? { rounding: fromCents(choice.roundingCents) } : {}),
    payment: {
      id: newRecordId(),
      method: choice.method,
      ...(choice.handedOver ? { tendered: choice.handedOver, amount: choice.tendered } : { tendered: choice.tendered }),
      ...(choice.keepExcess ? { keepExcess: true } : {}),
    },
  });
  return id;
}
