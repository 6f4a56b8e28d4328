import type { z } from 'zod';
import { defineMutation } from './define';
import { billMessages, enterSupplierBillSchema, paySupplierSchema, type SupplierBillLineRow, type SupplierBillRow, type SupplierPaymentRow } from '../schemas/supplier-bill';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '../schemas/receipt';
import { toHundredths, formatQuantity } from '../domain/quantity';
import { toCents, formatMoney } from '../domain/money';
import { matchBillLine } from '../domain/payables';
import { factTimesOf, type Occurred } from '../domain/device-time';
import type { RecordRef } from '../sync/tables';

type BillArgs = z.output<typeof enterSupplierBillSchema>;
type PayArgs = z.output<typeof paySupplierSchema>;
type Stored<Row> = Omit<Row, 'version' | 'deleted' | 'updatedAt'>;

/**
 * A supplier's bill entered against its deliveries (issue 44, point 6): a Manager's record, refused
 * (400) when it bills more than came and was not billed or sent back yet, as the server counts it.
 */
export const enterSupplierBill = defineMutation({
  name: 'enterSupplierBill',
  schema: enterSupplierBillSchema,
  permission: 'purchase',
  // The delivery lines it bills too: on a tablet shared with Staff, a bill entered against a delivery
  // Staff counted there and have not sent yet waits behind it, instead of reaching the server first
  // and being refused as billing parts never received (client/src/sync/sync-engine.ts, sendable).
  touches: (args: BillArgs): RecordRef[] => [
    { table: 'supplierBills', id: args.id },
    ...args.lines.flatMap((line): RecordRef[] => [
      { table: 'supplierBillLines', id: line.id },
      { table: 'goodsReceiptLines', id: line.receiptLineId },
    ]),
  ],
});

/** The pay-out a cash payment to a supplier makes in its drawer session. */
export const supplierPayOutId = (paymentId: string) => `${paymentId}/drawer`;

/**
 * Money paid to a supplier: a fact (it was handed over), recorded whatever it meets. Paid in cash it
 * is a pay-out in this register's open drawer session (on its X and Z reports), so it leans on that
 * session as a pay-out does.
 */
export const paySupplier = defineMutation({
  name: 'paySupplier',
  fact: true,
  schema: paySupplierSchema,
  permission: 'purchase',
  touches: (args: PayArgs): RecordRef[] => [
    { table: 'supplierPayments', id: args.id },
    ...(args.sessionId
      ? [
          { table: 'drawerMoves' as const, id: supplierPayOutId(args.id) },
          { table: 'drawerSessions' as const, id: args.sessionId },
        ]
      : []),
  ],
  leansOn: (args: PayArgs) => (args.sessionId ? { record: { table: 'drawerSessions' as const, id: args.sessionId }, madeBy: 'openDrawer' } : undefined),
});

/** A delivery line as a bill reads it: the line, its delivery, and how much of it is billed already. */
export interface BillableLine {
  line: Pick<GoodsReceiptLineRow, 'id' | 'receiptId' | 'itemId' | 'itemName' | 'quantityHundredths' | 'returnedHundredths' | 'unitCostCents'>;
  receipt: Pick<GoodsReceiptRow, 'id' | 'supplierId'>;
  billedHundredths: number;
}

/** What of a delivery line can still be billed: what came, less what went back and what is billed. */
export const billableHundredths = (billable: Pick<BillableLine, 'line' | 'billedHundredths'>) =>
  Math.max(0, billable.line.quantityHundredths - billable.line.returnedHundredths - billable.billedHundredths);

export interface BillPlan {
  bill: Stored<SupplierBillRow>;
  lines: Stored<SupplierBillLineRow>[];
}

/**
 * The bill's rows, or the words that refuse it, built once for the device and the server from the
 * delivery lines as that side holds them (`lineOf`): every line a delivery of this supplier, none
 * billed beyond what is left, each matched against the cost it was received at.
 */
export function billPlan(
  args: BillArgs,
  supplier: { id: string; name: string } | undefined,
  lineOf: (receiptLineId: string) => BillableLine | undefined,
  author: { id: string; name: string },
  when: Pick<Occurred, 'at'>,
): BillPlan | { problem: string } {
  if (!supplier) return { problem: billMessages.supplierGone };
  const lines: Stored<SupplierBillLineRow>[] = [];
  for (const [position, typed] of args.lines.entries()) {
    const billable = lineOf(typed.receiptLineId);
    if (!billable || billable.receipt.supplierId !== supplier.id) return { problem: billMessages.receiptLineGone };
    const quantityHundredths = toHundredths(typed.quantity);
    const left = billableHundredths(billable);
    if (quantityHundredths > left) return { problem: billMessages.moreThanReceived(billable.line.itemName, formatQuantity(left)) };
    const unitCostCents = toCents(typed.unitCost);
    const matched = matchBillLine(quantityHundredths, unitCostCents, billable.line.unitCostCents ?? unitCostCents);
    lines.push({
      id: typed.id,
      billId: args.id,
      supplierId: supplier.id,
      receiptId: billable.receipt.id,
      receiptLineId: billable.line.id,
      position,
      itemId: billable.line.itemId,
      itemName: billable.line.itemName,
      quantityHundredths,
      unitCostCents,
      ...matched,
    });
  }
  const sum = (pick: (line: Stored<SupplierBillLineRow>) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    bill: {
      id: args.id,
      supplierId: supplier.id,
      supplierName: supplier.name,
      billNo: args.billNo,
      billDate: args.billDate,
      dueDate: args.dueDate,
      note: args.note,
      totalCents: sum((line) => line.amountCents),
      receivedCents: sum((line) => line.receivedCents),
      differs: lines.some((line) => line.differs),
      userId: author.id,
      userName: author.name,
      createdAt: when.at,
    },
    lines,
  };
}

/** A payment's row, and for cash the pay-out it makes in the drawer session, built once for both sides. */
export function supplierPaymentRows(
  args: PayArgs,
  supplierName: string,
  billNo: string | undefined,
  author: { id: string; name: string },
  when: Occurred,
): { payment: Stored<SupplierPaymentRow>; payOut: { id: string; sessionId: string; kind: 'payOut'; amount: number; reason: string } | null } {
  const payment: Stored<SupplierPaymentRow> = {
    id: args.id,
    supplierId: args.supplierId,
    supplierName,
    billId: args.billId ?? null,
    amountCents: toCents(args.amount),
    method: args.method,
    reference: args.reference,
    note: args.note,
    sessionId: args.method === 'Cash' ? (args.sessionId ?? null) : null,
    register: args.method === 'Cash' ? (when.register ?? '') : '',
    userId: author.id,
    userName: author.name,
    createdAt: when.at,
    ...factTimesOf(when),
  };
  const reason = `Paid to ${supplierName || 'a supplier'}${billNo ? `, bill ${billNo}` : ''}`.slice(0, 200);
  return {
    payment,
    payOut: payment.sessionId ? { id: supplierPayOutId(args.id), sessionId: payment.sessionId, kind: 'payOut', amount: args.amount, reason } : null,
  };
}

/** The toast after a payment. */
export const paidWords = (amountCents: number, supplierName: string) => billMessages.paid(formatMoney(amountCents), supplierName);
