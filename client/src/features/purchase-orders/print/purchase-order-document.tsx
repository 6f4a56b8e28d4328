import { CompanyFooter, DocumentHeader } from '@/components/print/company-header';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { lineCostCents } from '@shared/domain/purchase-orders';
import type { LoadedOrder } from '../api/load-purchase-order';

/** The order on A4, to hand or post to the supplier: what is ordered (less what was cancelled), and its costs for those who read them. */
export function PurchaseOrderDocument({ data }: { data: LoadedOrder }) {
  const { order, lines, supplier, company } = data;
  const costs = order.totalCents !== undefined;
  const facts: [string, string][] = [
    ['Order No.', order.orderNo],
    ['Date', formatDate(order.orderedAt ?? order.createdAt)],
    ['Status', order.status],
  ];
  return (
    <article className="print-doc print-invoice print-purchase-order" aria-label="Purchase Order">
      <DocumentHeader company={company} title="Purchase Order" facts={facts} barcode={order.orderNo} />
      <section className="doc-parties">
        <div className="doc-party">
          <h2>Supplier</h2>
          <p className="doc-party-name">{order.supplierName}</p>
          {supplier?.contactPerson && <p>{supplier.contactPerson}</p>}
          {supplier?.address && <p>{supplier.address}</p>}
          {[supplier?.phone, supplier?.email].filter(Boolean).length > 0 && <p>{[supplier?.phone, supplier?.email].filter(Boolean).join(' · ')}</p>}
          {supplier && supplier.paymentTermsDays > 0 && <p>Payment terms: {supplier.paymentTermsDays} days</p>}
        </div>
      </section>
      <table className="doc-table doc-lines">
        <thead>
          <tr>
            <th>#</th>
            <th>Item</th>
            <th>Part No.</th>
            <th className="num">Quantity</th>
            {costs && <th className="num">Unit Cost</th>}
            {costs && <th className="num">Total</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={line.id}>
              <td>{index + 1}</td>
              <td>
                {line.itemName}
                <br />
                <small className="mono">{line.barcode}</small>
              </td>
              <td className="mono">{line.supplierPartNo || '—'}</td>
              <td className="num">{formatQuantity(line.quantityHundredths - line.cancelledHundredths)}</td>
              {costs && <td className="num">{formatMoney(line.unitCostCents ?? 0)}</td>}
              {costs && <td className="num">{formatMoney(lineCostCents(line, line.unitCostCents ?? 0))}</td>}
            </tr>
          ))}
        </tbody>
        {costs && (
          <tfoot>
            <tr>
              <td colSpan={5}>Total</td>
              <td className="num">{formatMoney(order.totalCents ?? 0)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {order.note && <p className="doc-note">Note: {order.note}</p>}
      <CompanyFooter company={company} />
    </article>
  );
}
