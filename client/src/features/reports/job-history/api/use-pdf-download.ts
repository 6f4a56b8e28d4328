import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { TooManyRowsError } from './collect-job-rows';
import { downloadJobHistoryPdf, type PdfProgress } from './download-job-history-pdf';
import { tooManyRowsMessage } from './job-history-pdf';
import type { DayPeriod } from './query-job-history';

const toastSource = 'job-history-pdf';

/** The PDF download's state for the page: null when idle, else how far it is. Leaving the page stops it. */
export function usePdfDownload(): { progress: PdfProgress | null; download: (search: string, period: DayPeriod) => void } {
  const [progress, setProgress] = useState<PdfProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const download = useCallback((search: string, period: DayPeriod) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    toast.dismissSource(toastSource);
    downloadJobHistoryPdf(search, setProgress, controller.signal, period)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof TooManyRowsError) toast.warning(tooManyRowsMessage(error.total), { source: toastSource });
        else toast.error('Failed to build the PDF.', { source: toastSource });
      })
      .finally(() => {
        running.current = null;
        if (!controller.signal.aborted) setProgress(null);
      });
  }, []);

  return { progress, download };
}

/** 'Reading jobs… 3,000 of 10,000', then 'Building PDF… 42%'. */
export function progressText(progress: PdfProgress): string {
  if (progress.phase === 'building') return `Building PDF… ${progress.percent}%`;
  return progress.total ? `Reading jobs… ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}` : 'Reading jobs…';
}
