import { useRef } from 'react';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { dispositionLabels } from '@shared/schemas/return';
import { DocTotals } from '@/components/print/doc-totals';
import { CompanyFooter, DocumentHeader, Facts } from '@/components/print/company-header';
import { formatPercent, invoiceDay, salesTaxLabel } from '@/lib/document-format';
import { ReceiptHeader, useThermalPageHeightMm } from '@/components/print/receipt-parts';
import type { CreditNoteData } from './load-credit-note';

export const creditNoteTitle = 'Credit Note';

/** How the worth was settled, in the words both sizes print. */
function settlement({ creditNote }: CreditNoteData): [label: string, value: string][] {
  return [
    ['Returned', formatMoney(creditNote.totalCents)],
    ...(creditNote.reducedDueCents > 0 ? ([['Taken off the due', formatMoney(creditNote.reducedDueCents)]] as [string, string][]) : []),
    [`Refunded (${creditNote.refundMethod})`, formatMoney(creditNote.refundCents)],
  ];
}

const lineFate = (line: CreditNoteData['lines'][number]) =>
  line.disposition === null ? 'Service' : line.disposition === 'supplier' ? `${dispositionLabels.supplier}: ${line.supplierName}` : dispositionLabels[line.disposition];

/** The credit note on an A4 page: what came back of which invoice, at the sale's prices, and how it was settled. */
export function CreditNoteDocument({ data }: { data: CreditNoteData }) {
  const { creditNote, lines, invoice, company } = data;
  return (
    <article className="print-doc print-invoice print-credit-note" aria-label={creditNoteTitle}>
      <DocumentHeader
        company={company}
        title={creditNoteTitle}
        facts={[
          ['Credit Note No', creditNote.creditNoteNo],
          ['Date', invoiceDay(creditNote.date)],
          ['Invoice No', creditNote.invoiceNo],
          ...(invoice ? ([['Invoice Date', invoiceDay(invoice.date)]] as [string, string][]) : []),
        ]}
      />
      <section className="doc-parties">
        <div className="doc-party">
          <h2>Customer</h2>
          <p className="doc-party-name">{creditNote.customerName}</p>
          {invoice?.customerPhone && <p>{invoice.customerPhone}</p>}
        </div>
        <div className="doc-party">
          <h2>Reason</h2>
          <p>{creditNote.reason}</p>
          {creditNote.note && <p>{creditNote.note}</p>}
        </div>
      </section>
      <table className="doc-table doc-lines">
        <thead>
          <tr>
            <th>Description</th>
            <th className="num">Qty</th>
            <th className="num">Unit Price</th>
            <th className="num">Disc. %</th>
            <th>Goes to</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td className="num">{formatQuantity(line.quantityHundredths)}</td>
              <td className="num">{formatMoney(line.unitPriceCents)}</td>
              <td className="num">{formatPercent(line.discountPercent)}</td>
              <td>{lineFate(line)}</td>
              <td className="num">{formatMoney(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="doc-bottom">
        <div className="doc-terms">
          <h2>Returned by</h2>
          <p>{creditNote.userName}</p>
        </div>
        <DocTotals
          lines={[
            // The sale's setting: tax inside the prices is part of the subtotal, not added to it.
            ...taxLines(data).map(([label, value]) => ({ label, value })),
            ...settlement(data).map(([label, value], index) => ({ label, value, look: index === 0 ? ('grand-total' as const) : undefined })),
          ]}
        />
      </section>
      <CompanyFooter company={company} />
    </article>
  );
}

/** The subtotal and its tax, in the sale's words: the lines add up to the one, the two to what was returned. */
const taxLines = ({ creditNote, invoice }: CreditNoteData): [label: string, value: string][] => [
  ['Subtotal', formatMoney(creditNote.subTotalCents)],
  [invoice ? salesTaxLabel(invoice) : 'Sales Tax', formatMoney(creditNote.taxCents)],
];

/** The credit note on an 80 mm roll, for the customer at the counter. */
export function CreditNoteSlip({ data }: { data: CreditNoteData }) {
  const { creditNote, lines, company } = data;
  const ref = useRef<HTMLElement>(null);
  const heightMm = useThermalPageHeightMm(ref, true);
  return (
    <article ref={ref} className="print-doc print-receipt receipt-thermal80 print-credit-note-slip" aria-label={`${creditNoteTitle} (80 mm)`}>
      {heightMm !== null && <style>{`@page receipt-thermal { size: 80mm ${heightMm}mm; }`}</style>}
      <ReceiptHeader company={company} title={creditNoteTitle} />
      <Facts
        className="receipt-facts"
        facts={[
          ['Credit Note No', creditNote.creditNoteNo],
          ['Date', invoiceDay(creditNote.date)],
          ['Invoice No', creditNote.invoiceNo],
          ['Customer', creditNote.customerName],
          ['Reason', creditNote.reason],
        ]}
      />
      <table className="doc-table receipt-history">
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name} × {formatQuantity(line.quantityHundredths)}
              </td>
              <td className="num">{formatMoney(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="receipt-figures">
        <tbody>
          {/* Issue 47: the slip listed lines and a Returned that held tax it never showed. */}
          {[...taxLines(data), ...settlement(data)].map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
