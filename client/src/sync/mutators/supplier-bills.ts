import type { LocalTx } from '../local-tx';
import { ValidationError } from '../validation-error';
import { moveDrawerCash } from './drawer';
import type { MutationArgs } from '@shared/mutations/definitions';
import { billPlan, supplierPaymentRows, type BillableLine } from '@shared/mutations/supplier-bills';
import { billMessages, type SupplierBillLineRow, type SupplierBillRow } from '@shared/schemas/supplier-bill';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';

// The device's half of server/src/mutations/purchasing/{enter-supplier-bill,pay-supplier}.ts: the same
// rows from the device's copy of the deliveries and bills, at once, offline too.

export async function enterSupplierBill(tx: LocalTx, args: MutationArgs<'enterSupplierBill'>): Promise<void> {
  const supplier = await tx.get('suppliers', args.supplierId);
  const sameNumber = (await tx.db.supplierBills.where('[supplierId+billNo]').equals([args.supplierId, args.billNo]).toArray()) as SupplierBillRow[];
  if (sameNumber.some((bill) => !bill.deleted)) throw new ValidationError(billMessages.billNoTaken(args.billNo));
  const ids = args.lines.map((line) => line.receiptLineId);
  const [lines, billedLines] = await Promise.all([
    tx.db.goodsReceiptLines.bulkGet(ids) as Promise<(GoodsReceiptLineRow | undefined)[]>,
    tx.db.supplierBillLines.where('receiptLineId').anyOf(ids).toArray() as Promise<SupplierBillLineRow[]>,
  ]);
  const receipts = (await tx.db.goodsReceipts.bulkGet([...new Set(lines.flatMap((line) => (line ? [line.receiptId] : [])))])) as (GoodsReceiptRow | undefined)[];
  const receiptOf = new Map(receipts.flatMap((receipt) => (receipt && !receipt.deleted ? [[receipt.id, receipt] as const] : [])));
  const billed = new Map<string, number>();
  for (const line of billedLines) if (!line.deleted) billed.set(line.receiptLineId, (billed.get(line.receiptLineId) ?? 0) + line.quantityHundredths);
  const lineById = new Map(lines.flatMap((line) => (line && !line.deleted ? [[line.id, line] as const] : [])));
  const lineOf = (id: string): BillableLine | undefined => {
    const line = lineById.get(id);
    const receipt = line && receiptOf.get(line.receiptId);
    return line && receipt ? { line, receipt, billedHundredths: billed.get(id) ?? 0 } : undefined;
  };
  const live = supplier && !supplier.deleted ? { id: args.supplierId, name: String(supplier.name) } : undefined;
  const plan = billPlan(args, live, lineOf, tx.author, tx.occurred);
  if ('problem' in plan) throw new ValidationError(plan.problem);
  await tx.put('supplierBills', plan.bill);
  await tx.db.supplierBillLines.bulkPut(plan.lines.map((line) => ({ ...line, version: 0, deleted: false, updatedAt: tx.now })));
}

export async function paySupplier(tx: LocalTx, args: MutationArgs<'paySupplier'>): Promise<void> {
  const supplier = await tx.get('suppliers', args.supplierId);
  const bill = args.billId ? ((await tx.get('supplierBills', args.billId)) as SupplierBillRow | undefined) : undefined;
  const name = supplier ? String(supplier.name) : (bill?.supplierName ?? '');
  const { payment, payOut } = supplierPaymentRows(args, name, bill?.billNo, tx.author, tx.occurred);
  // Cash comes out of this register's open drawer: refused in words here, before it is handed over.
  if (payOut) await moveDrawerCash(tx, payOut);
  await tx.put('supplierPayments', payment);
}
