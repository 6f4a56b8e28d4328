import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '@/lib/paths';
import { PrintPageFrame, usePaperSize } from '@/components/print/print-page-frame';
import { DrawerReportDocument, DrawerReportSlip, xReportTitle } from './drawer-report-document';
import { loadXReport, xReportNotFoundMessage } from './load-drawer-report';
import { xReportPath } from './drawer-report-path';

/**
 * /print/x-reports/:id?size=a4|80mm: an open session's X report on paper, worked out on this device
 * (offline too) and kept current while the page is open; printing it closes nothing.
 */
export function PrintXReportPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const data = useLiveQuery(async () => (await loadXReport(id)) ?? null, [id]);
  return (
    <PrintPageFrame
      data={data}
      notFoundMessage={xReportNotFoundMessage}
      title={(found) => `${found.session.register} ${xReportTitle}`}
      size={usePaperSize()}
      pathFor={(size) => xReportPath(id, size)}
      onBack={() => navigate(paths.cashDrawer)}
    >
      {(found, size) => (size === '80mm' ? <DrawerReportSlip data={found} /> : <DrawerReportDocument data={found} />)}
    </PrintPageFrame>
  );
}
