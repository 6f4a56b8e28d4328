import { formatMoney } from '../domain/money';

// Purchases by Supplier (issue 44, point 8): a period's deliveries counted in against purchase
// orders, one row per supplier, at what the shop pays for them, with the total, for the screen and
// its PDF alike. A delivery's total is the sum of its lines at their order lines' costs (shared/
// mutations/receiving.ts), kept on the receipt, so no line is read.

export interface ReportReceipt {
  supplierId: string;
  /** The supplier's name as the report shows it (the supplier's own, or the receipt's copy). */
  supplierName: string;
  /** Absent on a device that reads no costs: counted as 0. */
  totalCents?: number;
}

export interface PurchasesReportRow {
  /** The supplier's id. */
  key: string;
  supplierName: string;
  deliveries: number;
  /** What the deliveries came to at cost. */
  receivedCents: number;
}

export type PurchasesReportTotals = Pick<PurchasesReportRow, 'deliveries' | 'receivedCents'>;

/** The suppliers by what was received from them, largest first (then by name), and the totals. */
export function purchasesReport(receipts: readonly ReportReceipt[]) {
  const bySupplier = new Map<string, PurchasesReportRow>();
  const totals: PurchasesReportTotals = { deliveries: 0, receivedCents: 0 };
  for (const receipt of receipts) {
    let row = bySupplier.get(receipt.supplierId);
    if (!row) bySupplier.set(receipt.supplierId, (row = { key: receipt.supplierId, supplierName: receipt.supplierName, deliveries: 0, receivedCents: 0 }));
    const cents = receipt.totalCents ?? 0;
    row.deliveries += 1;
    row.receivedCents += cents;
    totals.deliveries += 1;
    totals.receivedCents += cents;
  }
  const rows = [...bySupplier.values()].sort((a, b) => b.receivedCents - a.receivedCents || a.supplierName.localeCompare(b.supplierName) || a.key.localeCompare(b.key));
  return { rows, totals };
}
export type PurchasesReport = ReturnType<typeof purchasesReport>;

/** The PDF's table: a row per supplier, then the total. */
export function purchasesReportTable(report: PurchasesReport): { columns: string[]; cells: string[][] } {
  const cells = (name: string, row: PurchasesReportTotals) => [name, String(row.deliveries), formatMoney(row.receivedCents)];
  return {
    columns: ['Supplier', 'Deliveries', 'Received at Cost'],
    cells: [...report.rows.map((row) => cells(row.supplierName, row)), cells('Total', report.totals)],
  };
}
