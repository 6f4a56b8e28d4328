import { useState } from 'react';
import { useSession } from '../session/session-store';
import { toast } from './ui/toast-store';
import { db } from '@/db/instance';
import { can } from '@shared/domain/permissions';
import type { ExportListKey } from '@shared/export/lists';
import { saveExport } from '@/lib/export/save-export';

const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}`;

/**
 * 'Export CSV' of a list screen (issue 43): the whole list as this device holds it, made here (offline
 * too, in a worker: lib/export/export.worker.ts) and saved as a download. The export code loads on
 * the first click.
 */
export function ExportCsvButton({ list, label = 'Export CSV' }: { list: ExportListKey; label?: string }) {
  const role = useSession((state) => state.user?.role);
  const [progress, setProgress] = useState<string | null>(null);

  async function run() {
    setProgress('Exporting…');
    try {
      const { exportInWorker } = await import('@/lib/export/export-in-worker');
      const file = await exportInWorker({ dbName: db.name, list, readsCosts: can(role, 'readCostPrices') }, ({ rows }) => setProgress(`Exporting… ${rowsText(rows)}`));
      saveExport(file);
      toast.success(`Saved ${file.name} (${rowsText(file.files[0]?.rows ?? 0)}).`);
    } catch (error) {
      console.error('Export failed', error);
      toast.error(`The export failed: ${(error as Error).message}`);
    } finally {
      setProgress(null);
    }
  }

  return (
    <button type="button" className="btn btn-secondary" onClick={() => void run()} disabled={progress !== null} aria-live="polite">
      {progress ?? label}
    </button>
  );
}
