import { useState } from 'react';
import { useSession } from '@/session/session-store';
import { toast } from '@/components/ui/toast-store';
import { db } from '@/db/instance';
import { can } from '@shared/domain/permissions';
import { exportLists } from '@shared/export/lists';
import { saveExport } from '@/lib/export/save-export';
import type { ExportedFile } from '@/lib/export/export-files';

const count = (rows: number) => rows.toLocaleString('en-US');

/**
 * Settings → Shop data (issue 43): the whole shop as one zip of CSV files, one per list, made on this
 * device from its own data (offline too), for a spreadsheet, an accountant or a move to another install.
 */
export function ShopDataPage() {
  const role = useSession((state) => state.user?.role);
  const [progress, setProgress] = useState<string | null>(null);
  const [saved, setSaved] = useState<ExportedFile | null>(null);

  async function exportShop() {
    setProgress('Exporting…');
    setSaved(null);
    try {
      const { exportInWorker } = await import('@/lib/export/export-in-worker');
      const file = await exportInWorker({ dbName: db.name, list: 'shop', readsCosts: can(role, 'readCostPrices') }, ({ list, rows }) =>
        setProgress(`Exporting ${list.toLowerCase()}… ${count(rows)} rows`),
      );
      saveExport(file);
      setSaved(file);
      toast.success(`Saved ${file.name}.`);
    } catch (error) {
      console.error('Export failed', error);
      toast.error(`The export failed: ${(error as Error).message}`);
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="page shop-data-page">
      <div className="page-header">
        <h1>Shop Data</h1>
      </div>
      <div className="panel">
        <h2 className="panel-title">Export the whole shop</h2>
        <p>
          One zip of CSV files, one for each list:{' '}
          {Object.values(exportLists)
            .map((list) => list.title.toLowerCase())
            .join(', ')}
          . Excel opens them with Sinhala and Tamil as written. The zip is made on this device from what it holds, so it works offline; changes other devices have not synced yet
          are not in it.
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void exportShop()} disabled={progress !== null} aria-live="polite">
          {progress ?? 'Export the whole shop'}
        </button>
        {saved && (
          <table className="data-table shop-data-files" aria-label="Exported files">
            <thead>
              <tr>
                <th>File</th>
                <th>Rows</th>
              </tr>
            </thead>
            <tbody>
              {saved.files.map(({ file, rows }) => (
                <tr key={file}>
                  <td className="mono">{file}</td>
                  <td>{count(rows)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
