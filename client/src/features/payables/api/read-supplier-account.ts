import type { GarageDb } from '@/db/db';
import type { GoodsReceiptLineRow, GoodsReceiptRow } from '@shared/schemas/receipt';
import type { SupplierBillLineRow, SupplierBillRow, SupplierPaymentRow } from '@shared/schemas/supplier-bill';
import type { SupplierReturnRow } from '@shared/schemas/supplier-return';
import { billableHundredths } from '@shared/mutations/supplier-bills';
import { supplierStanding, type SupplierStanding } from '@shared/domain/payables';

/** A delivery line some of which is still to be billed. */
export interface UnbilledLine {
  line: GoodsReceiptLineRow;
  receipt: GoodsReceiptRow;
  /** What came, less what went back and what is billed already (hundredths). */
  leftHundredths: number;
}

export interface SupplierAccount {
  supplier: { id: string; name: string; paymentTermsDays: number } | null;
  standing: SupplierStanding;
  bills: SupplierBillRow[];
  payments: SupplierPaymentRow[];
  returns: SupplierReturnRow[];
  unbilled: UnbilledLine[];
}

const live = <Row extends { deleted: boolean }>(rows: Row[]) => rows.filter((row) => !row.deleted);

/**
 * One supplier's account on this device: its bills with what each still owes, its payments and
 * returns, and the delivery lines not billed yet, all by the supplierId, receiptId and
 * receiptLineId indexes.
 */
export async function readSupplierAccount(db: GarageDb, supplierId: string): Promise<SupplierAccount> {
  const [supplierRow, bills, payments, returns, receipts] = await Promise.all([
    db.suppliers.get(supplierId),
    db.supplierBills.where('supplierId').equals(supplierId).toArray() as Promise<SupplierBillRow[]>,
    db.supplierPayments.where('supplierId').equals(supplierId).toArray() as Promise<SupplierPaymentRow[]>,
    db.supplierReturns.where('supplierId').equals(supplierId).toArray() as Promise<SupplierReturnRow[]>,
    db.goodsReceipts.where('supplierId').equals(supplierId).toArray() as Promise<GoodsReceiptRow[]>,
  ]);
  const liveReceipts = live(receipts);
  const receiptIds = liveReceipts.map((receipt) => receipt.id);
  const lines = live((await db.goodsReceiptLines.where('receiptId').anyOf(receiptIds).toArray()) as GoodsReceiptLineRow[]);
  const billedLines = live((await db.supplierBillLines.where('receiptId').anyOf(receiptIds).toArray()) as SupplierBillLineRow[]);
  const billed = new Map<string, number>();
  for (const line of billedLines) billed.set(line.receiptLineId, (billed.get(line.receiptLineId) ?? 0) + line.quantityHundredths);
  const receiptOf = new Map(liveReceipts.map((receipt) => [receipt.id, receipt]));
  const unbilled = lines
    .map((line) => ({ line, receipt: receiptOf.get(line.receiptId)!, leftHundredths: billableHundredths({ line, billedHundredths: billed.get(line.id) ?? 0 }) }))
    .filter((entry) => entry.leftHundredths > 0 && entry.line.issue !== 'itemMissing')
    .sort((a, b) => a.receipt.createdAt.localeCompare(b.receipt.createdAt) || a.line.position - b.line.position);
  const liveBills = live(bills);
  const livePayments = live(payments).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const liveReturns = live(returns).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const supplier = supplierRow && !supplierRow.deleted ? { id: supplierRow.id, name: String(supplierRow.name), paymentTermsDays: Number(supplierRow.paymentTermsDays ?? 0) } : null;
  return {
    supplier,
    standing: supplierStanding(
      liveBills,
      livePayments,
      liveReturns.map((sent) => sent.totalCents),
    ),
    bills: liveBills,
    payments: livePayments,
    returns: liveReturns,
    unbilled,
  };
}
