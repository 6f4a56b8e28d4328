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
  /** What went back to the supplier in the period, at the cost it came at (issue 44, point 7). */
  returnedCents: number;
  /** Received less returned: what the period's purchases from the supplier came to. */
  netCents: number;
}

export type PurchasesReportTotals = Pick<PurchasesReportRow, 'deliveries' | 'receivedCents' | 'returnedCents' | 'netCents'>;

/**
 * The suppliers by what was received from them, largest first (then by name), and the totals. A
 * period's returns to a supplier (each at its kept credit) are taken off its row; a supplier with only
 * returns in the period has a row of its own.
 */
export function purchasesReport(receipts: readonly ReportReceipt[], returns: readonly ReportReceipt[] = []) {
  const bySupplier = new Map<string, PurchasesReportRow>();
  const totals: PurchasesReportTotals = { deliveries: 0, receivedCents: 0, returnedCents: 0, netCents: 0 };
  const rowOf = (record: ReportReceipt) => {
    let row = bySupplier.get(record.supplierId);
    if (!row)
      bySupplier.set(record.supplierId, (row = { key: record.supplierId, supplierName: record.supplierName, deliveries: 0, receivedCents: 0, returnedCents: 0, netCents: 0 }));
    return row;
  };
  for (const receipt of receipts) {
    const row = rowOf(receipt);
    const cents = receipt.totalCents ?? 0;
    row.deliveries += 1;
    row.receivedCents += cents;
    row.netCents += cents;
    totals.deliveries += 1;
    totals.receivedCents += cents;
    totals.netCents += cents;
  }
  for (const sent of returns) {
    const row = rowOf(sent);
    const cents = sent.totalCents ?? 0;
    row.returnedCents += cents;
    row.netCents -= cents;
    totals.returnedCents += cents;
    totals.netCents -= cents;
  }
  const rows = [...bySupplier.values()].sort((a, b) => b.receivedCents - a.receivedCents || a.supplierName.localeCompare(b.supplierName) || a.key.localeCompare(b.key));
  return { rows, totals };
}
export type PurchasesReport = ReturnType<typeof purchasesReport>;

/** The PDF's table: a row per supplier, then the total. */
export function purchasesReportTable(report: PurchasesReport): { columns: string[]; cells: string[][] } {
  const cells = (name: string, row: PurchasesReportTotals) => [
    name,
    String(row.deliveries),
    formatMoney(row.receivedCents),
    formatMoney(row.returnedCents),
    formatMoney(row.netCents),
  ];
  return {
    columns: ['Supplier', 'Deliveries', 'Received at Cost', 'Returned at Cost', 'Net'],
    cells: [...report.rows.map((row) => cells(row.supplierName, row)), cells('Total', report.totals)],
  };
}
