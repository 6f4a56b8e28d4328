import { useRef } from 'react';
import { formatMoney } from '@shared/domain/money';
import { paymentMethodName } from '@shared/domain/payment-methods';
import { defaultReceiptLayout, type ReceiptLayout } from '@shared/schemas/company';
import { formatDateTime } from '@/lib/format-date';
import { Facts } from '../company-header';
import { paymentDay } from '@/lib/document-format';
import { receiptClosing } from './receipt-document';
import { ReceiptHeader, useThermalPageHeightMm } from '../receipt-parts';
import { bulkReceiptReference, bulkReceiptTitle, type BulkReceiptData } from './bulk-receipt-data';

/**
 * The bulk payment's receipt (spec 3, Bulk receipt): who paid, what was applied, when and how, the
 * reference 'Allocations: {count}' and when it was generated, then the invoices the amount went to.
 * On the receipt printer's page (Company Detail): a 5.5 in square, or an 80 mm roll as long as the receipt.
 */
export function BulkReceiptDocument({ data, generatedAt }: { data: BulkReceiptData; generatedAt: Date }) {
  const { company } = data;
  const layout: ReceiptLayout = company?.receiptLayout ?? defaultReceiptLayout;
  const ref = useRef<HTMLElement>(null);
  const thermalHeightMm = useThermalPageHeightMm(ref, layout === 'thermal80');
  const facts: [string, string][] = [
    ['Customer', data.customerName],
    ['Phone', data.customerPhone],
    ['Address', data.customerAddress],
    ['Payment Date', paymentDay(data.paymentDate)],
    ['Method', paymentMethodName(data.method)],
    ['Reference', bulkReceiptReference(data.allocations.length)],
  ];
  if (data.note.trim()) facts.push(['Note', data.note]);

  return (
    <article ref={ref} className={`print-doc print-bulk-receipt receipt-${layout}`} aria-label={bulkReceiptTitle}>
      {thermalHeightMm !== null && <style>{`@page receipt-thermal { size: 80mm ${thermalHeightMm}mm; }`}</style>}
      <ReceiptHeader company={company} title={bulkReceiptTitle} />
      <Facts className="receipt-facts" facts={facts} />
      <table className="receipt-figures">
        <tbody>
          <tr className="receipt-balance">
            <th scope="row">Amount Applied</th>
            <td>{formatMoney(data.appliedCents)}</td>
          </tr>
        </tbody>
      </table>
      <table className="doc-table receipt-history">
        <caption>Applied To</caption>
        <thead>
          <tr>
            <th>Invoice No</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {data.allocations.map((allocation) => (
            <tr key={allocation.paymentId}>
              <td>{allocation.invoiceNo}</td>
              <td className="num">{formatMoney(allocation.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="receipt-closing">{receiptClosing}</p>
      <p className="receipt-generated">Generated {formatDateTime(generatedAt.toISOString())}</p>
    </article>
  );
}
