import { createPortal } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '../../../app/paths';
import { usePreviewRoot } from '../../../components/print/use-preview-root';
import { useDocumentTitle } from '../../../components/print/use-document-title';
import { ZReportDocument, ZReportSlip, zReportTitle } from './z-report-document';
import { loadZReport, zReportNotFoundMessage } from './load-z-report';
import { zReportPath, type ZReportSize } from './z-report-path';
import '../../../components/print/print.css';

/**
 * /print/z-reports/:id?size=a4|80mm: a closed session's Z report alone, read from this device
 * (reprints work offline), A4 or on the 80 mm roll; the toolbar does not print.
 */
export function PrintZReportPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const size: ZReportSize = params.get('size') === '80mm' ? '80mm' : 'a4';
  const data = useLiveQuery(async () => (await loadZReport(id)) ?? null, [id]);
  const root = usePreviewRoot();
  useDocumentTitle(data ? `${data.session.zNumber} ${zReportTitle}` : null);
  const Document = size === '80mm' ? ZReportSlip : ZReportDocument;

  return (
    <div className="print-page">
      <div className="print-toolbar">
        <button type="button" className="btn btn-secondary" onClick={() => navigate(paths.cashDrawer)}>
          Back
        </button>
        <nav className="print-toolbar-docs" aria-label="Sizes">
          {(['a4', '80mm'] as const).map((choice) => (
            <Link key={choice} className="btn btn-small btn-secondary" to={zReportPath(id, choice)} replace aria-current={choice === size ? 'page' : undefined}>
              {choice === 'a4' ? 'A4' : '80 mm'}
            </Link>
          ))}
        </nav>
        <button type="button" className="btn btn-primary" disabled={!data} onClick={() => window.print()}>
          Print
        </button>
      </div>
      {data === undefined && <p className="print-page-message muted">Loading...</p>}
      {data === null && <p className="print-page-message muted">{zReportNotFoundMessage}</p>}
      {root && data && createPortal(<Document data={data} />, root)}
    </div>
  );
}
