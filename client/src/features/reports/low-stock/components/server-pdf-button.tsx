import { toast } from '@/components/ui/toast-store';
import type { LowStockView } from '@shared/reports/low-stock';
import { openServerPdf } from '../api/open-server-pdf';

/** 'Download PDF (Server)': the server's report.pdf in a new tab; offline it says so (the client PDF still works). */
export function ServerPdfButton({ view }: { view: LowStockView }) {
  function open() {
    // Called straight from the click, so the tab opens inside it (see openServerPdf).
    void openServerPdf(view).then((problem) => {
      if (problem) toast.error(problem, { source: 'low-stock-server-pdf' });
    });
  }
  return (
    <button type="button" className="btn btn-secondary" onClick={open}>
      Download PDF (Server)
    </button>
  );
}
