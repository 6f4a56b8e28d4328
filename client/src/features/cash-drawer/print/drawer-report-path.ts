import { paths } from '@/lib/paths';
import type { PaperSize } from '@/components/print/print-page-frame';

/** A closed session's Z report alone, A4 or on the 80 mm roll. */
export function zReportPath(sessionId: string, size: PaperSize = 'a4'): string {
  return `${paths.printZReport.replace(':id', encodeURIComponent(sessionId))}?size=${size}`;
}

/** An open session's X report as it stands when printed, A4 or on the 80 mm roll. */
export function xReportPath(sessionId: string, size: PaperSize = 'a4'): string {
  return `${paths.printXReport.replace(':id', encodeURIComponent(sessionId))}?size=${size}`;
}
