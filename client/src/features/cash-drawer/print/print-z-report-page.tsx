import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { paths } from '@/lib/paths';
import { PrintPageFrame, usePaperSize } from '@/components/print/print-page-frame';
import { DrawerReportDocument, DrawerReportSlip, zReportTitle } from './drawer-report-document';
import { loadZReport, zReportNotFoundMessage } from './load-drawer-report';
import { zReportPath } from './drawer-report-path';

/**
 * /print/z-reports/:id?size=a4|80mm: a closed session's Z report alone, read from this device
 * (reprints work offline), A4 or on the 80 mm roll; the toolbar does not print.
 */
export function PrintZReportPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const data = useLiveQuery(async () => (await loadZReport(id)) ?? null, [id]);
  return (
    <PrintPageFrame
      data={data}
      notFoundMessage={zReportNotFoundMessage}
      title={(found) => `${found.session.zNumber} ${zReportTitle}`}
      size={usePaperSize()}
      pathFor={(size) => zReportPath(id, size)}
      onBack={() => navigate(paths.cashDrawer)}
    >
      {(found, size) => (size === '80mm' ? <DrawerReportSlip data={found} /> : <DrawerReportDocument data={found} />)}
    </PrintPageFrame>
  );
}
