import { paths } from '../../../app/paths';

export type ZReportSize = 'a4' | '80mm';

/** A session's Z report alone, A4 or on the 80 mm roll. */
export function zReportPath(sessionId: string, size: ZReportSize = 'a4'): string {
  return `${paths.printZReport.replace(':id', encodeURIComponent(sessionId))}?size=${size}`;
}
