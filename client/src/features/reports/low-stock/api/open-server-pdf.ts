import { ApiError, apiRequest } from '@/session/api-client';
import { isOnline, useSyncStatusStore } from '@/sync/sync-status-store';
import { belowReorderView, lowStockThreshold, type LowStockView } from '@shared/reports/low-stock';

export const serverPdfMessages = {
  offline: 'You are offline: the server PDF needs the server. Download PDF (Client) works offline.',
  failed: (reason: string) => `The server PDF could not be opened. ${reason} Download PDF (Client) works offline.`,
  blocked: 'The browser blocked the new tab. Allow pop-ups for this site, then try again.',
};

/** A short-lived signed address of the server's PDF (the session token stays out of the address). */
async function reportLink(view: LowStockView): Promise<string> {
  const query = view === belowReorderView ? `view=${belowReorderView}` : `threshold=${lowStockThreshold}`;
  const { url } = await apiRequest<{ url: string }>('POST', `/api/stock-report/low-stock-items/report-link?${query}`);
  return url;
}

/**
 * 'Download PDF (Server)': the tab is opened at once, inside the click (a pop-up blocker allows
 * that, not one opened after an await), then pointed at the signed link. On failure the tab is
 * closed and the message returned for the caller to show.
 */
export async function openServerPdf(view: LowStockView): Promise<string | null> {
  if (!isOnline(useSyncStatusStore.getState())) return serverPdfMessages.offline;
  const tab = window.open('', '_blank');
  if (!tab) return serverPdfMessages.blocked;
  tab.opener = null;
  tab.document.title = 'Low Stock Items Report';
  tab.document.body.textContent = 'Preparing the report…';
  try {
    tab.location.replace(await reportLink(view));
    return null;
  } catch (error) {
    tab.close();
    // No answer at all: the server is out of reach, whatever the browser said.
    if (error instanceof ApiError && error.status === 0) return serverPdfMessages.offline;
    return serverPdfMessages.failed(error instanceof Error ? error.message : '');
  }
}
