import { formatMoney } from '../domain/money';
import { payableAgingBuckets, payablesAging, supplierStanding, type PayableAgingBucket, type PayableBill, type SupplierMoney } from '../domain/payables';

// What the shop owes each supplier, aged (issue 44, points 6 and 8): the Payables list, the Payables
// Aging Report and its PDF, from the bills, payments and returns a Manager's device holds.

export interface SupplierRecords {
  supplierId: string;
  supplierName: string;
  bills: readonly PayableBill[];
  payments: readonly SupplierMoney[];
  /** Each return's credit from the supplier. */
  creditsCents: readonly number[];
}

export interface PayablesRow {
  supplierId: string;
  supplierName: string;
  /** Bills with something still owed. */
  openBills: number;
  owedCents: number;
  aging: Record<PayableAgingBucket, number>;
  /** Paid or credited beyond every bill. */
  creditCents: number;
  /** The earliest due date of an open bill, or null. */
  nextDue: string | null;
}

export type PayablesTotals = Pick<PayablesRow, 'openBills' | 'owedCents' | 'aging' | 'creditCents'>;

/** A row per supplier with a bill, payment or credit, most owed first (then by name), and the totals. */
export function payablesReport(suppliers: readonly SupplierRecords[], today: string): { rows: PayablesRow[]; totals: PayablesTotals } {
  const rows = suppliers
    .filter((supplier) => supplier.bills.length + supplier.payments.length + supplier.creditsCents.length > 0)
    .map((supplier): PayablesRow => {
      const standing = supplierStanding(supplier.bills, supplier.payments, supplier.creditsCents);
      const open = standing.bills.filter((bill) => bill.openCents > 0);
      return {
        supplierId: supplier.supplierId,
        supplierName: supplier.supplierName,
        openBills: open.length,
        owedCents: standing.owedCents,
        aging: payablesAging(open, today),
        creditCents: standing.creditCents,
        nextDue: open.reduce<string | null>((earliest, bill) => (earliest === null || bill.dueDate < earliest ? bill.dueDate : earliest), null),
      };
    })
    .sort((a, b) => b.owedCents - a.owedCents || a.supplierName.localeCompare(b.supplierName) || a.supplierId.localeCompare(b.supplierId));
  const totals: PayablesTotals = {
    openBills: 0,
    owedCents: 0,
    creditCents: 0,
    aging: Object.fromEntries(payableAgingBuckets.map((bucket) => [bucket, 0])) as Record<PayableAgingBucket, number>,
  };
  for (const row of rows) {
    totals.openBills += row.openBills;
    totals.owedCents += row.owedCents;
    totals.creditCents += row.creditCents;
    for (const bucket of payableAgingBuckets) totals.aging[bucket] += row.aging[bucket];
  }
  return { rows, totals };
}
export type PayablesReport = ReturnType<typeof payablesReport>;

/** The PDF's table: a row per supplier, then the total. */
export function payablesAgingTable(report: PayablesReport): { columns: string[]; cells: string[][] } {
  const cells = (name: string, row: PayablesTotals) => [
    name,
    String(row.openBills),
    ...payableAgingBuckets.map((bucket) => formatMoney(row.aging[bucket])),
    formatMoney(row.owedCents),
    formatMoney(row.creditCents),
  ];
  return {
    columns: ['Supplier', 'Open Bills', ...payableAgingBuckets, 'Owed', 'Credit'],
    cells: [...report.rows.map((row) => cells(row.supplierName, row)), cells('Total', report.totals)],
  };
}
