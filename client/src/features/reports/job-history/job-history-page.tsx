import { useEffect, useState } from 'react';
import { pageCount } from '@shared/domain/pagination';
import { useJobHistory, reportPageSize } from './api/use-job-history';
import { useReportQuery } from './api/use-report-query';
import { progressText, usePdfDownload } from './api/use-pdf-download';
import { JobHistoryTable } from './components/job-history-table';
import { JobDetailsModal } from './components/job-details-modal';
import { ReportPager } from './components/report-pager';
import { ReportSearchBar } from './components/report-search-bar';
import './job-history.css';
import { ExportCsvButton } from '@/components/export-csv-button';

/**
 * The Job History Report (spec 2.16): every job on this device, newest first, 50 a page, searched by
 * customer, phone or plate and by the days they came in (issue 47); each job's details in a modal; the matching jobs as a PDF built in a
 * worker. It reads the device's own copy, so it works offline and follows changes as they arrive.
 */
export function JobHistoryPage() {
  const { search, period, page, applySearch, setPage, reset } = useReportQuery();
  const result = useJobHistory(search, period, page);
  const [viewing, setViewing] = useState<string | null>(null);
  const { progress, download } = usePdfDownload();
  const pages = result ? pageCount(result.total, reportPageSize) : 1;

  // A search or a delete elsewhere can leave the page past the last one: go back to the last.
  useEffect(() => {
    if (result && page > pages) setPage(pages);
  }, [result, page, pages, setPage]);

  return (
    <section className="page job-history-page">
      <div className="page-header">
        <h1>Job History Report</h1>
        <div className="page-actions">
          <ExportCsvButton list="jobCards" label="Export job cards (CSV)" />
        </div>
      </div>
      <div className="panel">
        <div className="report-toolbar">
          <ReportSearchBar
            applied={search}
            appliedPeriod={period}
            onSearch={applySearch}
            onReset={reset}
            onDownload={() => download(search, period)}
            downloadDisabled={progress !== null || !result || result.total === 0}
          />
          {progress && (
            <div className="report-progress" role="status">
              <span>{progressText(progress)}</span>
              <progress max={100} value={progress.phase === 'building' ? progress.percent : undefined} aria-hidden="true" />
            </div>
          )}
        </div>
        {result && (
          <p className="report-total" data-testid="report-total">
            Total: {result.total.toLocaleString('en-US')}
          </p>
        )}
        <JobHistoryTable rows={result === null ? null : result?.rows} onView={(job) => setViewing(job.id)} />
        {result && result.total > 0 && <ReportPager page={Math.min(page, pages)} pages={pages} onPage={setPage} />}
      </div>
      {viewing && <JobDetailsModal jobId={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
