import type { LabelPdfContent } from '@shared/reports/label-pdf';
import type { ReportPdfContent } from '@shared/reports/report-pdf';

/** Page → worker: the report to build, or a delivery's shelf labels. */
export type PdfRequest = { content: ReportPdfContent } | { labels: LabelPdfContent };

/** Worker → page: rows drawn so far, then the file (transferred) or the failure. */
export type PdfReply = { type: 'progress'; done: number; total: number } | { type: 'done'; pdf: ArrayBuffer; buildMs: number } | { type: 'error'; message: string };
