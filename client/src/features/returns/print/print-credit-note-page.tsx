import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '@/lib/paths';
import { PrintPageFrame, usePaperSize } from '@/components/print/print-page-frame';
import { CreditNoteDocument, CreditNoteSlip, creditNoteTitle } from './credit-note-document';
import { creditNoteNotFoundMessage, loadCreditNote } from './load-credit-note';
import { creditNotePath } from '@/components/print/reprint-path';

/**
 * /print/credit-notes/:id?size=a4|80mm: one credit note alone, read from this device (reprints work
 * offline), A4 or on the 80 mm roll; the toolbar does not print.
 */
export function PrintCreditNotePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const data = useLiveQuery(async () => (await loadCreditNote(id)) ?? null, [id]);
  return (
    <PrintPageFrame
      data={data}
      notFoundMessage={creditNoteNotFoundMessage}
      title={(found) => `${found.creditNote.creditNoteNo} ${creditNoteTitle}`}
      size={usePaperSize()}
      pathFor={(size) => creditNotePath(id, size)}
      onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.returns))}
    >
      {(found, size) => (size === '80mm' ? <CreditNoteSlip data={found} /> : <CreditNoteDocument data={found} />)}
    </PrintPageFrame>
  );
}
