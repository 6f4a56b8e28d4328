import { describe, expect, it } from 'vitest';
import { checkoutSaleSchema } from '../schemas/sale';
import { paymentMessages } from '../schemas/payment';
import { checkoutRows, guestPaidInFull } from './sales';

// Issue 47: a part payment had no tendered amount, so its change could not be recorded. A sale's
// payment may name what stays in the shop (`amount`) beside what was handed over (`tendered`).

const sale = (payment: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  checkoutSaleSchema.safeParse({
    id: 'inv-1',
    invoiceNo: 'INV-D01-00001',
    date: '2026-12-06T10:00:00.000Z',
    customerId: 'c1',
    guest: false,
    customerName: '',
    jobCardId: null,
    lines: [{ id: 'l1', kind: 'service', refId: null, name: 'Full service', quantity: 1, unitPrice: 11350, discountPercent: 0, warrantyMonths: 0 }],
    taxRatePercent: 0,
    pricesIncludeTax: true,
    total: 11350,
    payment: { id: 'p1', method: 'Cash', ...payment },
    ...extra,
  });

describe('a sale paid in part, with change', () => {
  it.each([
    { name: 'paid in full, exact', payment: { tendered: 11350 }, amountCents: 1_135_000, changeCents: 0 },
    { name: 'paid in full, Rs. 650 change', payment: { tendered: 12000 }, amountCents: 1_135_000, changeCents: 65_000 },
    { name: 'Rs. 5,000 paid, handed exactly', payment: { tendered: 5000 }, amountCents: 500_000, changeCents: 0 },
    { name: 'Rs. 5,000 paid of a Rs. 5,500 handed over: Rs. 500 change', payment: { amount: 5000, tendered: 5500 }, amountCents: 500_000, changeCents: 50_000 },
    { name: 'Rs. 5,000 paid of Rs. 5,000 handed over', payment: { amount: 5000, tendered: 5000 }, amountCents: 500_000, changeCents: 0 },
  ])('$name', ({ payment, amountCents, changeCents }) => {
    const parsed = sale(payment);
    expect(parsed.success).toBe(true);
    const rows = checkoutRows(parsed.data!);
    expect(rows.amountCents).toBe(amountCents);
    expect(rows.tenderedCents - rows.amountCents).toBe(changeCents);
  });

  it.each([
    { name: 'handed over less than it pays', payment: { amount: 5000, tendered: 4000 }, message: paymentMessages.tendered },
    { name: 'pays more than the total', payment: { amount: 12000, tendered: 12000 }, message: 'A part payment is less than the total.' },
  ])('refuses: $name', ({ payment, message }) => {
    const parsed = sale(payment);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });

  it('a guest pays in full: a part payment with change is still a part payment', () => {
    const parsed = sale({ amount: 5000, tendered: 20000 }, { customerId: null, guest: true });
    expect(guestPaidInFull(parsed.data!, 1_135_000)).toBe(false);
  });
});

// Issue 47: a cash sale the shop rounds to the rupee records the difference as its rounding line.
describe('a cash sale rounded to the rupee', () => {
  const at = (unitPrice: number, rounding: number | undefined, total: number, tendered = total) =>
    sale(
      { tendered },
      {
        lines: [{ id: 'l1', kind: 'service', refId: null, name: 'Labour', quantity: 1, unitPrice, discountPercent: 0, warrantyMonths: 0 }],
        total,
        ...(rounding === undefined ? {} : { rounding }),
      },
    );
  it.each([
    { unitPrice: 2921.18, rounding: -0.18, total: 2921, roundingCents: -18, totalCents: 292_100 },
    { unitPrice: 2921.5, rounding: 0.5, total: 2922, roundingCents: 50, totalCents: 292_200 },
    { unitPrice: 2921, rounding: 0, total: 2921, roundingCents: 0, totalCents: 292_100 },
    { unitPrice: 2921.18, rounding: undefined, total: 2921.18, roundingCents: 0, totalCents: 292_118 },
  ])('Rs. $unitPrice with rounding $rounding: total $totalCents cents', ({ unitPrice, rounding, total, roundingCents, totalCents }) => {
    const rows = checkoutRows(at(unitPrice, rounding, total).data!);
    expect(rows.totals).toMatchObject({ subTotalCents: Math.round(unitPrice * 100), roundingCents, totalCents });
    expect(rows.amountCents).toBe(totalCents);
  });

  it.each([
    {
      name: 'a rounding that is not the total to the rupee',
      unitPrice: 2921.18,
      rounding: -0.17,
      total: 2921.01,
      message: /^The rounding \(-Rs\. 0\.17\) is not the total's to the rupee \(-Rs\. 0\.18\)/,
    },
    { name: 'a total that leaves the rounding out', unitPrice: 2921.18, rounding: -0.18, total: 2921.18, message: /^The invoice total/ },
  ])('refuses $name', ({ unitPrice, rounding, total, message }) => {
    expect(() => checkoutRows(at(unitPrice, rounding, total).data!)).toThrow(message);
  });
});
