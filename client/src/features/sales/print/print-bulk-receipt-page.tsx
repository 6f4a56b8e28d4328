import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '@/lib/paths';
import { BulkReceiptDocument } from '@/components/print/sale-documents/bulk-receipt-document';
import { usePreviewRoot } from '@/components/print/use-preview-root';
import { useDocumentTitle } from '@/components/print/use-document-title';
import { loadBulkReceipt } from '@/components/print/sale-documents/load-bulk-receipt';
import { bulkReceiptTitle } from '@/components/print/sale-documents/bulk-receipt-data';
import '@/components/print/print.css';

/**
 * /print/bulk-receipts/:bulkId: a bulk payment's receipt alone, read from this device (reprints work
 * offline), with no app shell around it; the toolbar does not print.
 */
export function PrintBulkReceiptPage() {
  const { bulkId = '' } = useParams();
  const navigate = useNavigate();
  const data = useLiveQuery(async () => (await loadBulkReceipt(bulkId)) ?? null, [bulkId]);
  const root = usePreviewRoot();
  // 'Generated at': when this page drew the receipt.
  const [generatedAt] = useState(() => new Date());

  // The title names the PDF a 'Save as PDF' makes.
  useDocumentTitle(data ? `${bulkReceiptTitle} ${data.customerName}` : null);

  let message: string | null = null;
  if (data === undefined) message = 'Loading...';
  else if (data === null) message = 'This bulk payment is not on this device yet. It appears here once it has synced.';

  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.dueList))}>
          Back
        </button>
        <span className="print-toolbar-docs">{bulkReceiptTitle}</span>
        <button type="button" className="btn btn-primary" disabled={!data} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {message && <p className="print-page-message muted">{message}</p>}
      {root && data && createPortal(<BulkReceiptDocument data={data} generatedAt={generatedAt} />, root)}
    </div>
  );
}
