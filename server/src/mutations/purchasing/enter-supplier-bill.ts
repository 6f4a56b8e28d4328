import { readAhead } from '@server/db/read-ahead';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { supplierBillLines, supplierBills } from '@server/db/schema';
import { badRequest, conflict } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { billPlan, type BillableLine } from '@shared/mutations/supplier-bills';
import { billMessages } from '@shared/schemas/supplier-bill';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';

/**
 * A supplier's bill (issue 44, point 6), matched line by line against the deliveries the server
 * holds: refused (400) when it bills more of a line than came and was neither sent back nor billed
 * already, or a line of another supplier; 409 when the supplier's bill number is entered already.
 */
export async function enterSupplierBill(tx: MutationTx, args: MutationArgs<'enterSupplierBill'>) {
  const supplier = await tx.findLive('suppliers', args.supplierId);
  const taken = await tx.db
    .select({ id: supplierBills.id })
    .from(supplierBills)
    .where(and(eq(supplierBills.supplierId, args.supplierId), eq(supplierBills.billNo, args.billNo), eq(supplierBills.deleted, false)))
    .get();
  if (taken) throw conflict(billMessages.billNoTaken(args.billNo));
  const ids = args.lines.map((line) => line.receiptLineId);
  const billed = new Map(
    (
      await tx.db
        .select({ receiptLineId: supplierBillLines.receiptLineId, hundredths: sum(supplierBillLines.quantityHundredths) })
        .from(supplierBillLines)
        .where(and(inArray(supplierBillLines.receiptLineId, ids), eq(supplierBillLines.deleted, false)))
        .groupBy(supplierBillLines.receiptLineId)
        .all()
    ).map((row) => [row.receiptLineId, Number(row.hundredths ?? 0)]),
  );
  const lineOf = async (id: string): Promise<BillableLine | undefined> => {
    const line = (await tx.findLive('goodsReceiptLines', id)) as unknown as GoodsReceiptLineRow | undefined;
    const receipt = line && ((await tx.findLive('goodsReceipts', line.receiptId)) as unknown as GoodsReceiptRow | undefined);
    return line && receipt ? { line, receipt, billedHundredths: billed.get(id) ?? 0 } : undefined;
  };
  const lines = await readAhead(
    args.lines.map((line) => line.receiptLineId),
    lineOf,
  );
  const plan = billPlan(args, supplier ? { id: args.supplierId, name: String(supplier.name) } : undefined, lines, tx.user, tx.occurred);
  if ('problem' in plan) throw badRequest(plan.problem);
  const bill = await tx.insertReturning('supplierBills', plan.bill, 'This bill was already entered.');
  for (const line of plan.lines) await tx.insert('supplierBillLines', line, 'This bill line was already entered.');
  return bill;
}
