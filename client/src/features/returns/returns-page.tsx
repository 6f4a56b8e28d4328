import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from '@/lib/format-date';
import { formatMoney } from '@shared/domain/money';
import { useInvoiceMatches, useReturnInvoice } from './api/use-return-invoice';
import { ReturnForm } from './components/return-form';
import { CreditNoteList } from './components/credit-note-list';
import { ExportCsvButton } from '@/components/export-csv-button';

/**
 * Returns (issue 26): find the sale by its number (typed or scanned), customer, phone or plate, from
 * the device's own data; choose what comes back, why and where each part goes; the refund or the
 * smaller due follow from the sale's own prices. A credit note is made at once, offline too.
 * `?invoiceId=…&whole=1` (Sales to Review's 'Return in full') opens a sale with all of it chosen.
 */
export function ReturnsPage() {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoiceId');
  const [text, setText] = useState('');
  const found = useInvoiceMatches(invoiceId ? '' : text);
  // The matches shown are the last read's; those of what is typed now, once read.
  const matches = found?.rows;
  const current = found?.text === text ? found.rows : undefined;
  const data = useReturnInvoice(invoiceId);
  const choose = (id: string | null) => setParams(id ? { invoiceId: id } : {}, { replace: false });
  // A scanner sends Enter right after the number, before the device has read the number's sale:
  // the Enter waits for that read, then opens its only match (never an earlier text's).
  const [enterFor, setEnterFor] = useState<string | null>(null);
  useEffect(() => {
    if (enterFor === null || enterFor !== text || !current) return;
    setEnterFor(null);
    if (current.length === 1) choose(current[0]!.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- choose is the same on every render
  }, [enterFor, text, current]);

  return (
    <section className="page returns-page">
      <div className="page-header">
        <h1>Returns</h1>
        <div className="page-actions">
          <ExportCsvButton list="creditNotes" label="Export credit notes" />
          {invoiceId && (
            <button type="button" className="btn btn-secondary" onClick={() => choose(null)}>
              Another sale
            </button>
          )}
        </div>
      </div>
      {!invoiceId && (
        <div className="panel return-find">
          <label className="field">
            <span>Find the sale</span>
            <input
              type="search"
              autoFocus
              placeholder="Invoice no, customer, phone or plate"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setEnterFor(null);
              }}
              onKeyDown={(event) => {
                // A scanner's Enter, or the cashier's, opens the only match.
                if (event.key === 'Enter') setEnterFor(text);
              }}
            />
          </label>
          {text.trim() !== '' && current?.length === 0 && <p className="muted">No sale found.</p>}
          {!!matches?.length && (
            <table className="table data-table return-matches" aria-label="Matching sales">
              <thead>
                <tr>
                  <th>Invoice No</th>
                  <th className="p4">Date</th>
                  <th>Customer</th>
                  <th className="p2">Vehicle</th>
                  <th className="num">Total</th>
                  <th className="actions-col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {matches.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="mono">{invoice.invoiceNo}</td>
                    <td className="p4 nowrap">{formatDate(invoice.date)}</td>
                    <td>{invoice.customerName}</td>
                    <td className="p2">{invoice.vehicleLicensePlate || '—'}</td>
                    <td className="num">{formatMoney(invoice.totalCents)}</td>
                    <td className="actions-col">
                      <button type="button" className="btn btn-small btn-primary" aria-label={`Return from ${invoice.invoiceNo}`} onClick={() => choose(invoice.id)}>
                        Select
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      {invoiceId && data === undefined && <p className="muted">Loading...</p>}
      {invoiceId && data === null && <p className="error-text">This invoice is not on this device.</p>}
      {invoiceId && data && (
        <>
          <ReturnForm key={data.invoice.id} data={data} whole={params.get('whole') === '1'} />
          <CreditNoteList creditNotes={data.creditNotes} />
        </>
      )}
    </section>
  );
}
