import { createPortal } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '@/lib/paths';
import { SaleDocuments } from '@/components/print/sale-documents/sale-documents';
import { usePreviewRoot } from '@/components/print/use-preview-root';
import { useDocumentTitle } from '@/components/print/use-document-title';
import { reprintPath } from '@/components/print/reprint-path';
import { invoiceTitleOf } from '@/components/print/sale-documents/invoice-document';
import { receiptTitle } from '@/components/print/sale-documents/receipt-document';
import { warrantyTitle } from '@/components/print/sale-documents/warranty-certificate';
import { loadSaleDocuments } from '@/components/print/sale-documents/load-sale-documents';
import { documentsFromQuery, noWarrantyItemsMessage, printableDocuments, type SaleDocument } from '@/components/print/sale-documents/sale-documents-data';
import '@/components/print/print.css';

const labels: Record<SaleDocument, string> = { invoice: 'Invoice', receipt: 'Receipt', warranty: 'Warranty' };

/**
 * One document prints as the page shows it; several (`?doc=invoice,receipt`) go out as a print job
 * each, as after a sale (issue 47: one job of two page sizes reached one printer).
 */
function printShown(invoiceId: string, shown: SaleDocument[]): void {
  if (shown.length === 1) return window.print();
  void import('@/components/print/sale-documents/print-documents').then(({ printSaleDocuments }) => printSaleDocuments(invoiceId, shown));
}

/**
 * /print/invoices/:id: one sale's document alone, read from this device (reprints work offline),
 * with no app shell around it; the toolbar does not print.
 */
export function PrintInvoicePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const doc = params.get('doc');
  const documents = documentsFromQuery(doc);
  const data = useLiveQuery(async () => (await loadSaleDocuments(id)) ?? null, [id]);
  const root = usePreviewRoot();
  const onlyWarranty = documents.length === 1 && documents[0] === 'warranty';
  const shown = data ? printableDocuments(data, documents) : [];

  // The title names the PDF a 'Save as PDF' makes.
  const titles: Record<SaleDocument, string> = { invoice: invoiceTitleOf(data?.company ?? null), receipt: receiptTitle, warranty: warrantyTitle };
  const title = data ? `${data.invoice.invoiceNo} ${documents.map((document) => titles[document]).join(', ')}` : null;
  useDocumentTitle(title);

  let message: string | null = null;
  if (data === undefined) message = 'Loading...';
  else if (data === null) message = 'This invoice is not on this device yet. It appears here once it has synced.';
  else if (shown.length === 0 && onlyWarranty) message = noWarrantyItemsMessage;

  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.dashboard))}>
          Back
        </button>
        <nav className="print-toolbar-docs" aria-label="Documents">
          {(['invoice', 'receipt', 'warranty'] as const).map((document) => (
            <Link
              key={document}
              className="btn btn-small btn-secondary"
              to={reprintPath(id, document)}
              replace
              aria-current={documents.length === 1 && documents[0] === document ? 'page' : undefined}
            >
              {labels[document]}
            </Link>
          ))}
        </nav>
        <button type="button" className="btn btn-primary" disabled={!data || shown.length === 0} onClick={() => printShown(id, shown)}>
          Print
        </button>
      </div>
      {message && <p className={`print-page-message${message === noWarrantyItemsMessage ? '' : ' muted'}`}>{message}</p>}
      {root && data && shown.length > 0 && createPortal(<SaleDocuments data={data} documents={shown} />, root)}
    </div>
  );
}
