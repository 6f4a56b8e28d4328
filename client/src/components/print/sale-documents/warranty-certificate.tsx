import { formatQuantity } from '@shared/domain/quantity';
import { CompanyFooter, DocumentHeader } from '../company-header';
import { expiryDay, formatMonths, invoiceDay } from '@/lib/document-format';
import { warrantyLines, type SaleDocumentsData } from './sale-documents-data';

export const warrantyTitle = 'Warranty Certificate';

/** The spec's warranty terms (2.17). */
export const warrantyTerms = [
  'This warranty applies to manufacturing defects only.',
  'Physical damage, misuse and normal wear are excluded.',
  'Keep this certificate and the invoice: both are needed for any claim.',
];

/** The warranty certificate (spec 2.17) on an A4 page: parts with warranty months, each with its last day. */
export function WarrantyCertificate({ data }: { data: SaleDocumentsData }) {
  const { invoice, company } = data;
  const lines = warrantyLines(data.lines);
  const vehicle = [invoice.vehicleLicensePlate, [invoice.vehicleMake, invoice.vehicleModel].filter(Boolean).join(' ')].filter(Boolean).join(' — ');

  return (
    <article className="print-doc print-warranty" aria-label={warrantyTitle}>
      <DocumentHeader
        company={company}
        title={warrantyTitle}
        facts={[
          ['Invoice No', invoice.invoiceNo],
          ['Invoice Date', invoiceDay(invoice.date)],
        ]}
      />
      <section className="doc-parties">
        <div className="doc-party">
          <h2>Issued To</h2>
          <p className="doc-party-name">{invoice.customerName}</p>
          {invoice.customerPhone && <p>{invoice.customerPhone}</p>}
          {invoice.customerAddress && <p>{invoice.customerAddress}</p>}
        </div>
        {invoice.jobCardId && vehicle && (
          <div className="doc-party">
            <h2>Vehicle</h2>
            <p>{vehicle}</p>
          </div>
        )}
      </section>
      <p>The items below are covered by warranty from the invoice date until the date shown.</p>
      <table className="doc-table doc-lines">
        <thead>
          <tr>
            <th>Item</th>
            <th className="num">Qty</th>
            <th>Warranty</th>
            <th>Valid Until</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td className="num">{formatQuantity(line.quantityHundredths)}</td>
              <td>{formatMonths(line.warrantyMonths)}</td>
              <td>{expiryDay(invoice.date, line.warrantyMonths)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="doc-terms">
        <h2>Warranty Terms</h2>
        <ul>
          {warrantyTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>
      <div className="doc-signatures">
        <p>Authorised signature</p>
        <p>Customer signature</p>
      </div>
      <CompanyFooter company={company} />
    </article>
  );
}
