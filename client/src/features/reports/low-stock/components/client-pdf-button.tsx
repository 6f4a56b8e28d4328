import { useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import type { LowStockLine, LowStockView } from '@shared/reports/low-stock';
import { downloadLowStockPdf } from '../api/download-low-stock-pdf';

/** 'Download PDF (Client)': built on this device from the rows shown, so it works offline; progress while it builds. */
export function ClientPdfButton({ rows, view }: { rows: LowStockLine[] | undefined; view: LowStockView }) {
  const [progress, setProgress] = useState<number | null>(null);

  async function download() {
    if (!rows) return;
    setProgress(0);
    try {
      await downloadLowStockPdf(rows, view, (done, total) => setProgress(total ? Math.round((done / total) * 100) : 100));
    } catch (error) {
      console.error('Low stock PDF', error);
      toast.error('The PDF could not be made on this device.', { source: 'low-stock-pdf' });
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <button type="button" className="btn btn-primary" disabled={!rows || busy} aria-busy={busy} onClick={() => void download()}>
      {busy ? `Building PDF… ${progress}%` : 'Download PDF (Client)'}
    </button>
  );
}
