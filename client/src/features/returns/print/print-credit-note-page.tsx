import { createPortal } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '../../../app/paths';
import { usePreviewRoot } from '../../../components/print/use-preview-root';
import { useDocumentTitle } from '../../../components/print/use-document-title';
import { CreditNoteDocument, CreditNoteSlip, creditNoteTitle } from './credit-note-document';
import { creditNoteNotFoundMessage, loadCreditNote } from './load-credit-note';
import { creditNotePath, type CreditNoteSize } from '../../../app/reprint-path';
import '../../../components/print/print.css';

/**
 * /print/credit-notes/:id?size=a4|80mm: one credit note alone, read from this device (reprints work
 * offline), A4 or on the 80 mm roll; the toolbar does not print.
 */
export function PrintCreditNotePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const size: CreditNoteSize = params.get('size') === '80mm' ? '80mm' : 'a4';
  const data = useLiveQuery(async () => (await loadCreditNote(id)) ?? null, [id]);
  const root = usePreviewRoot();
  useDocumentTitle(data ? `${data.creditNote.creditNoteNo} ${creditNoteTitle}` : null);
  const Document = size === '80mm' ? CreditNoteSlip : CreditNoteDocument;

  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.returns))}>
          Back
        </button>
        <nav className="print-toolbar-docs" aria-label="Sizes">
          {(['a4', '80mm'] as const).map((choice) => (
            <Link key={choice} className="btn btn-small btn-secondary" to={creditNotePath(id, choice)} replace aria-current={choice === size ? 'page' : undefined}>
              {choice === 'a4' ? 'A4' : '80 mm'}
            </Link>
          ))}
        </nav>
        <button type="button" className="btn btn-primary" disabled={!data} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {data === undefined && <p className="print-page-message muted">Loading...</p>}
      {data === null && <p className="print-page-message muted">{creditNoteNotFoundMessage}</p>}
      {root && data && createPortal(<Document data={data} />, root)}
    </div>
  );
}
