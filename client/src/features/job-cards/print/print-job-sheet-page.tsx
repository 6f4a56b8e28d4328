import { createPortal } from 'react-dom';
import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '@/lib/paths';
import { usePreviewRoot } from '@/components/print/use-preview-root';
import { useDocumentTitle } from '@/components/print/use-document-title';
import { JobSheetDocument } from './job-sheet-document';
import { loadJobSheet } from './load-job-sheet';
import { jobSheetTitle } from './job-sheet-data';
import '@/components/print/print.css';

/**
 * /print/job-sheets/:id: a job's sheet for the customer to sign, alone, read from this device (it
 * prints offline), with no app shell around it; the toolbar does not print.
 */
export function PrintJobSheetPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const data = useLiveQuery(async () => (await loadJobSheet(id)) ?? null, [id]);
  const root = usePreviewRoot();

  // The title names the PDF a 'Save as PDF' makes.
  const title = data ? `${data.job.jobNumber ?? data.job.vehicleLicensePlate} ${jobSheetTitle}` : null;
  useDocumentTitle(title);

  let message: string | null = null;
  if (data === undefined) message = 'Loading...';
  else if (data === null) message = 'This job is not on this device yet. It appears here once it has synced.';

  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.jobCard))}>
          Back
        </button>
        <span className="print-toolbar-docs">{jobSheetTitle}</span>
        <button type="button" className="btn btn-primary" disabled={!data} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {message && <p className="print-page-message muted">{message}</p>}
      {root && data && createPortal(<JobSheetDocument data={data} />, root)}
    </div>
  );
}
