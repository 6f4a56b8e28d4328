import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { formatDay, invoiceDay } from '@/lib/document-format';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { useEstimate } from '../api/use-estimates';

/**
 * An estimate on A4, drawn from the device's own rows so it prints offline (docs/sync-rules.md, rule
 * 12); the browser's print dialog also saves it as a PDF. Printing starts once it is drawn.
 */
export function PrintEstimatePage() {
  const { id } = useParams();
  const view = useEstimate(id);
  const company = useLiveQuery(() => db.company.get('company'), []);
  const ready = !!view && company !== undefined;
  useEffect(() => {
    if (ready) window.print();
  }, [ready]);
  if (!view) return <p className="muted">Loading…</p>;
  const { estimate, lines } = view;
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  return (
    <article className="print-document a4 estimate-document">
      <header>
        <h1>{company?.name ?? ''}</h1>
        <p>
          {company?.address ?? ''} {company?.phone ?? ''}
        </p>
        <h2>ESTIMATE {estimate.estimateNumber}</h2>
        <p>
          Date {invoiceDay(estimate.createdAt)} · Valid until {formatDay(estimate.validUntil)}
        </p>
        <p>
          {estimate.customerName} · {estimate.vehicleLicensePlate} {estimate.vehicleMake} {estimate.vehicleModel}
        </p>
      </header>
      <table>
        <thead>
          <tr>
            <th>Description</th>
            <th>Qty</th>
            <th>Unit Price</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td>{formatQuantity(line.quantityHundredths)}</td>
              <td>{formatMoney(line.unitPriceCents)}</td>
              <td>{formatMoney(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>Total</td>
            <td>{formatMoney(total)}</td>
          </tr>
        </tfoot>
      </table>
      {estimate.notes && <p>{estimate.notes}</p>}
    </article>
  );
}
