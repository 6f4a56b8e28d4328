import { isOpeningBalance, originalInvoiceNo } from '@shared/domain/opening-balance';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity } from '@shared/domain/quantity';
import { invoiceDueDays, owedCents, paymentStanding } from '@shared/domain/sales';
import { DocTotals } from '../doc-totals';
import { roundingLabel } from '@shared/domain/cash-rounding';
import { CompanyFooter, DocumentHeader, Facts } from '../company-header';
import { dueDay, formatMileage, formatPercent, invoiceDay, salesTaxLabel } from '@/lib/document-format';
import type { CompanyRow } from '@shared/schemas/company';
import type { SaleDocumentsData } from './sale-documents-data';

export const invoiceTitle = 'Auto repair Invoice';
export const taxInvoiceTitle = 'Tax Invoice';

/**
 * A VAT-registered shop's invoice is a 'Tax Invoice' naming its VAT number, as Sri Lanka's Inland
 * Revenue requires of both (issue 47); any other shop's keeps the spec's title.
 */
export const invoiceTitleOf = (company: Pick<CompanyRow, 'vatNumber'> | null) => (company?.vatNumber ? taxInvoiceTitle : invoiceTitle);

/** The invoice (spec 2.17) on an A4 page, from the invoice as it was stored at the sale. */
export function InvoiceDocument({ data }: { data: SaleDocumentsData }) {
  const { invoice, lines, payments, company, jobNumber, creditNotes = [] } = data;
  const {
    paidCents,
    dueCents,
    changeCents: creditCents,
  } = paymentStanding(
    owedCents(invoice),
    payments.map((payment) => payment.amountCents),
  );
  const taxLabel = salesTaxLabel(invoice);
  const hasVehicle = !!invoice.jobCardId && !!invoice.vehicleLicensePlate;
  const title = invoiceTitleOf(company);

  return (
    <article className="print-doc print-invoice" aria-label={title}>
      <DocumentHeader
        company={company}
        title={title}
        facts={[
          ...(company?.vatNumber ? [['VAT No', company.vatNumber] as [string, string]] : []),
          ['Invoice No', invoice.invoiceNo],
          // An opening balance (issue 43) says so, with the number the old books gave it.
          ...(isOpeningBalance(invoice) ? [['Opening balance of', originalInvoiceNo(invoice.invoiceNo)] as [string, string]] : []),
          ...(invoice.jobCardId && jobNumber ? [['Job No', jobNumber] as [string, string]] : []),
          ['Invoice Date', invoiceDay(invoice.date)],
          ['Due Date', dueDay(invoice.date, invoice.dueDate)],
        ]}
        barcode={invoice.invoiceNo}
      />
      <section className="doc-parties">
        <div className="doc-party">
          <h2>Bill To</h2>
          <p className="doc-party-name">{invoice.customerName}</p>
          {invoice.customerPhone && <p>{invoice.customerPhone}</p>}
          {invoice.customerAddress && <p>{invoice.customerAddress}</p>}
        </div>
        {hasVehicle && (
          <div className="doc-party">
            <h2>Vehicle</h2>
            <Facts
              facts={[
                ['Vehicle Reg', invoice.vehicleLicensePlate],
                ['Make and model', [invoice.vehicleMake, invoice.vehicleModel].filter(Boolean).join(' ')],
                ['Mileage', formatMileage(invoice.currentMileage)],
              ]}
            />
          </div>
        )}
      </section>
      <table className="doc-table doc-lines">
        <thead>
          <tr>
            <th>Description</th>
            <th className="num">Qty</th>
            <th className="num">Unit Price</th>
            <th className="num">Disc. %</th>
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
              <td className="num">{formatMoney(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="doc-bottom">
        <div className="doc-terms">
          <h2>Terms and Conditions</h2>
          {isOpeningBalance(invoice) ? (
            <p>Brought forward from the old books: payment was due on {dueDay(invoice.date, invoice.dueDate)}.</p>
          ) : (
            <p>Payment is due in {invoiceDueDays} days.</p>
          )}
          {company?.name && <p>Please make all payments payable to {company.name}.</p>}
        </div>
        <DocTotals
          lines={[
            { label: 'Subtotal', value: formatMoney(invoice.subTotalCents) },
            { label: taxLabel, value: formatMoney(invoice.taxCents) },
            // A cash sale rounded to the rupee (issue 47): the rounding line, already in the total.
            ...(invoice.roundingCents ? [{ label: roundingLabel, value: formatMoney(invoice.roundingCents) }] : []),
            { label: 'Total', value: formatMoney(invoice.totalCents), look: 'grand-total' },
            ...(invoice.returnedCents > 0 ? [{ label: 'Returned', value: formatMoney(-invoice.returnedCents), look: 'returned' } as const] : []),
            { label: 'Paid', value: formatMoney(paidCents) },
            { label: 'Due', value: formatMoney(dueCents), look: 'due' },
            ...(creditCents > 0 ? [{ label: 'Kept as Credit', value: formatMoney(creditCents), look: 'credit' } as const] : []),
          ]}
        />
      </section>
      {creditNotes.length > 0 && (
        <table className="doc-table doc-returns">
          <caption>Returns</caption>
          <thead>
            <tr>
              <th>Credit Note No</th>
              <th>Date</th>
              <th>Reason</th>
              <th className="num">Returned</th>
              <th className="num">Refunded</th>
            </tr>
          </thead>
          <tbody>
            {creditNotes.map((note) => (
              <tr key={note.id}>
                <td>{note.creditNoteNo}</td>
                <td>{invoiceDay(note.date)}</td>
                <td>{note.reason}</td>
                <td className="num">{formatMoney(note.totalCents)}</td>
                <td className="num">{note.refundCents > 0 ? `${formatMoney(note.refundCents)} ${note.refundMethod}` : formatMoney(0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="doc-sold-by">Sold by {invoice.soldBy}</p>
      <CompanyFooter company={company} />
    </article>
  );
}
