import type { ReportPdfContent } from '@shared/reports/report-pdf';
import { filtersLine, jobHistoryColumns } from './job-history-row';
import { anyDay, type DayPeriod } from './query-job-history';

/** Rows one PDF may hold: 10,000 jobs are about 250 pages (docs/decisions.md). */
export const maxPdfRows = 10_000;

export const jobHistoryFileName = 'job_history_report.pdf';

/** The words when a search matches more jobs than one PDF may hold. */
export const tooManyRowsMessage = (total: number) =>
  `Too many jobs for one PDF: ${total.toLocaleString('en-US')} match. Narrow the search to ${maxPdfRows.toLocaleString('en-US')} jobs or fewer.`;

/** What the Job History Report's PDF shows (spec 2.16): its title, the filters line, the count, the rows at 9 pt. */
export function jobHistoryPdfContent(rows: string[][], search: string, generatedAt: Date, period: DayPeriod = anyDay): ReportPdfContent {
  return {
    title: 'Job History Report',
    notes: [filtersLine(search, period), `Total: ${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'job' : 'jobs'}`],
    generatedAt,
    columns: [...jobHistoryColumns],
    rows,
    fontSize: 9,
  };
}
