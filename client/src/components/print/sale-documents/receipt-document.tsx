import { owedCents } from '@shared/domain/sales';
import { useRef } from 'react';
import { ReceiptHeader, useThermalPageHeightMm } from '../receipt-parts';
import { formatMoney } from '@shared/domain/money';
import { paymentMethodName } from '@shared/domain/payment-methods';
import { defaultReceiptLayout, type ReceiptLayout } from '@shared/schemas/company';
import { Facts } from '../company-header';
import { invoiceDay, paymentDay, salesTaxLabel } from '@/lib/document-format';
import { formatQuantity } from '@shared/domain/quantity';
import { roundingLabel } from '@shared/domain/cash-rounding';
import { receiptFigures } from './receipt-figures';
import type { SaleDocumentsData } from './sale-documents-data';

export const receiptTitle = 'Payment Receipt';
export const receiptClosing = 'Thank you for your payment.';

/** The payment receipt (spec 2.17): a 5.5 in square page, or an 80 mm roll (Company Detail, Receipt printer). */
export function ReceiptDocument({ data }: { data: SaleDocumentsData }) {
  const { invoice, lines, payments, company } = data;
  const layout: ReceiptLayout = company?.receiptLayout ?? defaultReceiptLayout;
  // The roll's length follows the receipt, so it can list the sale (issue 47: often the customer's only
  // paper at the counter); the square page cannot grow, and keeps to the figures.
  const itemised = layout === 'thermal80' && !!company?.itemisedReceipt;
  const figures = receiptFigures(owedCents(invoice), payments);
  const ref = useRef<HTMLElement>(null);
  const thermalHeightMm = useThermalPageHeightMm(ref, layout === 'thermal80');
  // A note (a bulk payment's, a correction's reason) is printed when any payment has one (spec 2.12).
  const hasNotes = payments.some((payment) => (payment.note || '').trim() !== '');

  return (
    <article ref={ref} className={`print-doc print-receipt receipt-${layout}`} aria-label={receiptTitle} data-paid={figures.isPaidInFull}>
      {thermalHeightMm !== null && <style>{`@page receipt-thermal { size: 80mm ${thermalHeightMm}mm; }`}</style>}
      {/* Decoration, drawn by CSS (::after): the Balance line says the same in words. */}
      {figures.isPaidInFull && <div className="paid-stamp" aria-hidden="true" />}
      <ReceiptHeader company={company} title={receiptTitle} />
      <Facts
        className="receipt-facts"
        facts={[
          ['Invoice No', invoice.invoiceNo],
          ['Date', figures.latest ? paymentDay(figures.latest.date) : invoiceDay(invoice.date)],
          ['Customer', invoice.customerName],
          ...(figures.latest && !figures.showsHistory ? ([['Method', paymentMethodName(figures.latest.method)]] as [string, string][]) : []),
        ]}
      />
      {itemised && (
        <table className="doc-table receipt-history receipt-lines">
          <caption>Items</caption>
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
      )}
      <table className="receipt-figures">
        <tbody>
          {/* Listed lines add up to the subtotal; the tax line says how the total follows from it. */}
          {itemised && (
            <>
              <tr>
                <th scope="row">Subtotal</th>
                <td>{formatMoney(invoice.subTotalCents)}</td>
              </tr>
              <tr>
                <th scope="row">{salesTaxLabel(invoice)}</th>
                <td>{formatMoney(invoice.taxCents)}</td>
              </tr>
              {!!invoice.roundingCents && (
                <tr>
                  <th scope="row">{roundingLabel}</th>
                  <td>{formatMoney(invoice.roundingCents)}</td>
                </tr>
              )}
            </>
          )}
          <tr>
            <th scope="row">Total</th>
            <td>{formatMoney(invoice.totalCents)}</td>
          </tr>
          <tr>
            <th scope="row">Paid</th>
            <td>{formatMoney(figures.paidCents)}</td>
          </tr>
          <tr className="receipt-balance">
            <th scope="row">Balance</th>
            <td>{formatMoney(figures.balanceCents)}</td>
          </tr>
          {figures.creditCents > 0 && (
            <tr className="receipt-credit">
              <th scope="row">Kept as Credit</th>
              <td>{formatMoney(figures.creditCents)}</td>
            </tr>
          )}
          {figures.change && (
            <>
              <tr className="receipt-tendered">
                <th scope="row">Tendered</th>
                <td>{formatMoney(figures.change.tenderedCents)}</td>
              </tr>
              <tr className="receipt-change">
                <th scope="row">Change</th>
                <td>{formatMoney(figures.change.changeCents)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>
      {figures.showsHistory && (
        <table className="doc-table receipt-history">
          <caption>Payment History</caption>
          <thead>
            <tr>
              <th>Date</th>
              <th>Method</th>
              <th className="num">Amount</th>
              {hasNotes && <th>Note</th>}
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.id}>
                <td>{paymentDay(payment.date)}</td>
                <td>{paymentMethodName(payment.method)}</td>
                <td className="num">{formatMoney(payment.amountCents)}</td>
                {hasNotes && <td className="receipt-note">{payment.note}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="receipt-closing">{receiptClosing}</p>
    </article>
  );
}
