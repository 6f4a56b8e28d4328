import { describe, expect, it } from 'vitest';
import { returnRows, returnWorthCents, type ReturnContext } from './returns';
import type { Occurred } from '../domain/device-time';

// A return's refund is money only up to what its lines are worth (issue 42, point 4). A credit note
// line is a cumulative share of its sale line, so returns of a third at a time are 3.33, 3.34 and
// 3.33 of Rs. 10.00: the worth must hold each of them. Priced as the line's first units, the second
// was worth 3.33 against its own 3.34: the register refused an honest return, and a pushed one held
// a cent for review (found while writing the hostile-device run).

const line = {
  id: 'line',
  invoiceId: 'sale',
  kind: 'service',
  refId: null,
  name: 'Wheel alignment',
  quantityHundredths: 300,
  unitPriceCents: 333,
  discountPercent: 0,
  totalCents: 1000,
  taxCents: 0,
  warrantyMonths: 0,
} as const;
const invoice = {
  id: 'sale',
  invoiceNo: 'INV-D01-00001',
  date: '2026-11-20T10:00:00.000Z',
  customerId: null,
  customerName: 'Guest',
  guest: true,
  totalCents: 1000,
  pricesIncludeTax: true,
  reviewState: '',
  duplicateOfId: null,
} as const;
const author = { id: 'staff', name: 'Kamal', role: 'Staff' as const };
const when: Occurred = { at: '2026-11-21T10:00:00.000Z', receivedAt: '', clockAheadMs: 0 };

/** A return of one unit after `returnedBefore`, the invoice's payments `paid` (refunds negative). */
function returnOfOne(returnedBefore: number[], paid: number[], handedOver?: number) {
  const refunded = -paid.filter((cents) => cents < 0).reduce((sum, cents) => sum + cents, 0);
  const context: ReturnContext = {
    invoice: { ...invoice, returnedCents: refunded },
    saleLines: [line],
    returnedLines: returnedBefore.map((quantityHundredths) => ({ invoiceLineId: line.id, quantityHundredths })),
    payments: paid.map((amountCents) => ({ method: 'Cash', amountCents })),
  };
  const args = {
    id: `note-${returnedBefore.length}`,
    creditNoteNo: `CN-D01-0000${returnedBefore.length + 1}`,
    invoiceId: invoice.id,
    date: when.at,
    reason: 'Not needed' as const,
    note: '',
    refundMethod: 'Cash' as const,
    refundPaymentId: `refund-${returnedBefore.length}`,
    lines: [{ id: `back-${returnedBefore.length}`, invoiceLineId: line.id, itemId: null, quantity: 1, disposition: 'restock' as const, supplierName: '' }],
  };
  return { worth: returnWorthCents(args.lines, context), rows: returnRows(args, context, author, when, handedOver === undefined ? undefined : { refundCents: handedOver }) };
}

describe('what a return of part of a line is worth', () => {
  it('three returns of a third each: each refunds its own share in full, nothing held, Rs. 10.00 in all', () => {
    const refunds: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { worth, rows } = returnOfOne(
        refunds.map(() => 100),
        [1000, ...refunds.map((cents) => -cents)],
      );
      expect(rows.problems).toEqual([]);
      expect(rows.refund?.amountCents).toBe(-rows.creditNote.refundCents);
      expect(worth).toBe(334); // a third of Rs. 10.00, rounded up: it holds whichever third this is
      refunds.push(rows.creditNote.refundCents);
    }
    expect(refunds).toEqual([333, 334, 333]);
  });

  it('a unit more than was sold (two registers offline) is worth one unit, and a stated refund beyond it is still held', () => {
    const { worth, rows } = returnOfOne([100, 100, 100], [1000, -333, -334, -333], 1_000_000);
    expect(worth).toBe(334);
    expect(rows.refund?.amountCents).toBe(-334);
    expect(rows.problems.some((problem) => problem.includes('is held'))).toBe(true);
  });
});
