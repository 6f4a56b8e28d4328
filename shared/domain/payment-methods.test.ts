import { describe, expect, it } from 'vitest';
import { foldByMethod, paymentMethodName, paymentMethods } from './payment-methods';
import { totalsByMethod } from './cash-drawer';
import { registerPaymentMethods } from '../schemas/sale';
import { bulkPaymentMethods, duePaymentMethods, recordBulkPaymentSchema } from '../schemas/payment';
import { refundMethods } from '../schemas/return';
import { zReportMethods } from '../mutations/drawer';

// Issue 47: one X report listed 'Bank Transfer' and 'Bank' for the same money. Every screen and
// report names a method from one list; the spec's and older records' other names are read as it.

describe('one name per payment method', () => {
  it.each([
    { given: 'Bank', named: 'Bank Transfer' },
    { given: 'bank', named: 'Bank Transfer' },
    { given: ' BANK TRANSFER ', named: 'Bank Transfer' },
    { given: 'cash', named: 'Cash' },
    { given: 'Card', named: 'Card' },
    { given: 'cheque', named: 'Cheque' },
    { given: 'Mobile', named: 'Mobile' },
    { given: 'credit', named: 'Credit' },
    { given: 'customer credit', named: 'Customer Credit' },
    { given: 'PayPal', named: 'PayPal' },
  ])('$given is $named', ({ given, named }) => expect(paymentMethodName(given)).toBe(named));

  it.each([
    { screen: 'the register', methods: registerPaymentMethods },
    { screen: 'Record Payment', methods: duePaymentMethods },
    { screen: 'the bulk payment', methods: bulkPaymentMethods },
    { screen: 'a refund', methods: refundMethods },
    { screen: 'the X and Z reports', methods: zReportMethods },
  ])('$screen names its methods from the one list', ({ methods }) => {
    for (const method of methods) expect(paymentMethods).toContain(method);
  });

  it('the X and Z reports list every method once, in the one order', () => expect(zReportMethods).toEqual(paymentMethods));

  it("a bulk payment by the spec's 'Bank' is recorded as Bank Transfer", () => {
    const args = { id: 'b1', customerId: 'c1', date: '2026-12-06', method: 'Bank', amount: 100, allocations: [{ paymentId: 'p1', invoiceId: 'i1', amount: 100 }] };
    expect(recordBulkPaymentSchema.parse(args).method).toBe('Bank Transfer');
  });

  it("a report counts an older record's 'Bank' under Bank Transfer", () => {
    const paid = (method: string, amountCents: number) => ({ method, amountCents, atSale: false });
    expect(totalsByMethod(['Cash', 'Bank Transfer'], [paid('Bank', 50_000), paid('Bank Transfer', 20_000), paid('Cash', 1_000)])).toEqual([
      { method: 'Cash', cents: 1_000 },
      { method: 'Bank Transfer', cents: 70_000 },
    ]);
  });

  it("a Z report stored with both names shows one line, in the list's order", () => {
    expect(
      foldByMethod([
        { method: 'Cash', cents: 100 },
        { method: 'Bank Transfer', cents: 20 },
        { method: 'Bank', cents: 30 },
        { method: 'Card', cents: 5 },
      ]),
    ).toEqual([
      { method: 'Cash', cents: 100 },
      { method: 'Card', cents: 5 },
      { method: 'Bank Transfer', cents: 50 },
    ]);
  });
});
