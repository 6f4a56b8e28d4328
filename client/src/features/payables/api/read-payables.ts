import type { GarageDb } from '@/db/db';
import type { SupplierBillRow, SupplierPaymentRow } from '@shared/schemas/supplier-bill';
import type { SupplierReturnRow } from '@shared/schemas/supplier-return';
import { payablesReport, type PayablesReport, type SupplierRecords } from '@shared/reports/payables-aging';

const live = <Row extends { deleted: boolean }>(rows: Row[]) => rows.filter((row) => !row.deleted);

/**
 * What the shop owes each supplier, from this device's bills, payments and returns (a Manager's or
 * Admin's device; Staff hold none), aged on `today`. Every bill is read: a shop has thousands, not
 * the items' fifty thousand, and what each bill still owes depends on all of its supplier's money.
 */
export async function readPayables(db: GarageDb, today: string): Promise<PayablesReport> {
  const [bills, payments, returns] = await Promise.all([
    db.supplierBills.toArray() as Promise<SupplierBillRow[]>,
    db.supplierPayments.toArray() as Promise<SupplierPaymentRow[]>,
    db.supplierReturns.toArray() as Promise<SupplierReturnRow[]>,
  ]);
  const bySupplier = new Map<string, SupplierRecords & { bills: SupplierBillRow[]; payments: SupplierPaymentRow[]; creditsCents: number[] }>();
  const recordsOf = (supplierId: string, name: string) => {
    let records = bySupplier.get(supplierId);
    if (!records) bySupplier.set(supplierId, (records = { supplierId, supplierName: name, bills: [], payments: [], creditsCents: [] }));
    return records;
  };
  for (const bill of live(bills)) recordsOf(bill.supplierId, bill.supplierName).bills.push(bill);
  for (const payment of live(payments)) recordsOf(payment.supplierId, payment.supplierName).payments.push(payment);
  for (const sent of live(returns)) recordsOf(sent.supplierId, sent.supplierName).creditsCents.push(sent.totalCents);
  // The supplier's name as it is now, where the device holds it; else the name kept on its records.
  const suppliers = await db.suppliers.bulkGet([...bySupplier.keys()]);
  for (const supplier of suppliers) if (supplier && !supplier.deleted) bySupplier.get(supplier.id)!.supplierName = String(supplier.name);
  return payablesReport([...bySupplier.values()], today);
}
