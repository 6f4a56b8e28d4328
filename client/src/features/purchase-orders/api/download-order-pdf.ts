import { buildPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { lineCostCents } from '@shared/domain/purchase-orders';
import type { ReportPdfContent } from '@shared/reports/report-pdf';
import type { LoadedOrder } from './load-purchase-order';

/** The order as a PDF to send the supplier: the same content as the printed A4 page, in the reports' layout. */
export function orderPdfContent({ order, lines, supplier, company }: LoadedOrder, at = new Date()): ReportPdfContent {
  const notes = [
    `From: ${company?.name ?? ''}${company?.phone ? ` · ${company.phone}` : ''}`,
    `To: ${order.supplierName}${supplier?.phone ? ` · ${supplier.phone}` : ''}${supplier?.email ? ` · ${supplier.email}` : ''}`,
    `Date: ${formatDate(order.orderedAt ?? order.createdAt)} · Status: ${order.status}`,
    ...(order.note ? [`Note: ${order.note}`] : []),
    ...(order.totalCents !== undefined ? [`Total: ${formatMoney(order.totalCents)}`] : []),
  ];
  const costs = order.totalCents !== undefined;
  return {
    title: `Purchase Order ${order.orderNo}`,
    notes,
    generatedAt: at,
    columns: ['#', 'Item', 'Barcode', "Supplier's Part No.", 'Quantity', ...(costs ? ['Unit Cost', 'Total'] : [])],
    numericColumns: costs ? [0, 4, 5, 6] : [0, 4],
    rows: lines.map((line, index) => [
      String(index + 1),
      line.itemName,
      line.barcode,
      line.supplierPartNo,
      formatQuantity(line.quantityHundredths - line.cancelledHundredths),
      ...(costs ? [formatMoney(line.unitCostCents ?? 0), formatMoney(lineCostCents(line, line.unitCostCents ?? 0))] : []),
    ]),
  };
}

/** Builds the order's PDF in the reports' worker (offline too) and saves it as `<order number>.pdf`. */
export async function downloadOrderPdf(loaded: LoadedOrder): Promise<void> {
  const { pdf } = await buildPdfInWorker(orderPdfContent(loaded));
  saveFile(pdf, `${loaded.order.orderNo}.pdf`);
}
