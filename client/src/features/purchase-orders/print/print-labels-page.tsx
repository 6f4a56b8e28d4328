import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { usePreviewRoot } from '@/components/print/use-preview-root';
import { useDocumentTitle } from '@/components/print/use-document-title';
import { toast } from '@/components/ui/toast-store';
import { buildLabelPdfInWorker } from '@/lib/pdf/build-pdf-in-worker';
import { saveFile } from '@/lib/pdf/save-file';
import { labelPageCount, type LabelFormat } from '@shared/domain/labels';
import { loadReceiptLabels, type ReceiptLabels } from '../api/load-receipt-labels';
import { orderPath, receiptLabelsPath } from '../api/order-paths';
import { LabelsDocument } from './labels-document';
import '@/components/print/print.css';

const formats: { format: LabelFormat; name: string; file: string }[] = [
  { format: 'a4', name: 'A4 sheet (3 × 8)', file: 'a4' },
  { format: 'roll', name: '50 × 25 mm', file: '50x25mm' },
];

/** The labels' PDF, built in the reports' PDF worker (jsPDF loads there, on this click only), saved as `<order number>-labels-<format>.pdf`. */
async function downloadLabels({ receipt, labels }: ReceiptLabels, format: LabelFormat) {
  const title = `${receipt.orderNo} Labels`;
  const { pdf } = await buildLabelPdfInWorker({ format, labels, title });
  saveFile(pdf, `${receipt.orderNo}-labels-${formats.find((f) => f.format === format)!.file}.pdf`);
}

/**
 * /print/receipts/:id/labels?format=a4|roll: a delivery's shelf labels, one per unit received, read
 * from this device (prints offline). Print sends them to the printer as shown; Download PDF makes
 * the same labels as a file.
 */
export function PrintLabelsPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const format: LabelFormat = params.get('format') === 'roll' ? 'roll' : 'a4';
  const navigate = useNavigate();
  const root = usePreviewRoot();
  const data = useLiveQuery(async () => (await loadReceiptLabels(id)) ?? null, [id]);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(data ? `${data.receipt.orderNo} Labels` : null);

  const download = async (found: ReceiptLabels) => {
    setSaving(true);
    try {
      await downloadLabels(found, format);
      toast.success('PDF saved.');
    } catch {
      toast.error('Failed to make the PDF.');
    } finally {
      setSaving(false);
    }
  };
  const count = data?.labels.length ?? 0;
  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => (data ? navigate(orderPath(data.receipt.orderId)) : navigate(-1))}>
          Back
        </button>
        <nav className="print-toolbar-docs" aria-label="Label formats">
          {formats.map((choice) => (
            <Link
              key={choice.format}
              className="btn btn-small btn-secondary"
              to={receiptLabelsPath(id, choice.format)}
              replace
              aria-current={choice.format === format ? 'page' : undefined}
            >
              {choice.name}
            </Link>
          ))}
        </nav>
        {data && (
          <span className="muted" data-testid="label-count">
            {count} label{count === 1 ? '' : 's'} · {labelPageCount(format, count)} page{labelPageCount(format, count) === 1 ? '' : 's'}
          </span>
        )}
        <button type="button" className="btn btn-secondary" disabled={!data || count === 0 || saving} onClick={() => data && void download(data)}>
          Download PDF
        </button>
        <button type="button" className="btn btn-primary" disabled={!data || count === 0} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {data === undefined && <p className="print-page-message muted">Loading...</p>}
      {data === null && <p className="print-page-message muted">This delivery is not on this device.</p>}
      {data && count === 0 && <p className="print-page-message muted">Nothing was received on this delivery: no labels to print.</p>}
      {root && data && count > 0 && createPortal(<LabelsDocument format={format} labels={data.labels} />, root)}
    </div>
  );
}
