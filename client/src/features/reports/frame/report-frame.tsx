import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast-store';
import type { ReportPeriod } from './use-report-period';
import { DateField } from '@/components/ui/date-field';

interface ReportFrameProps {
  /** The page's own class beside `page` (its styles and the e2e tests find the page by it). */
  className: string;
  title: string;
  period: ReportPeriod;
  /** Controls shown between the To date and the PDF button (the Returns Report's Group by). */
  filters?: ReactNode;
  /** Builds and saves the PDF; null while there is nothing to print, which disables the button. */
  makePdf: (() => Promise<void>) | null;
  /** The report itself, inside the page's panel. */
  children: ReactNode;
}

/**
 * The frame the period reports share (Returns, Expenses): the title, the From/To days (neither can
 * pass the other), 'Download PDF' with its progress and failure toast, and the panel for the report.
 */
export function ReportFrame({ className, title, period, filters, makePdf, children }: ReportFrameProps) {
  const { from, to, setFrom, setTo } = period;
  const [building, setBuilding] = useState(false);
  const download = () => {
    if (!makePdf) return;
    setBuilding(true);
    void makePdf()
      .catch(() => toast.error('The PDF could not be made. Please try again.'))
      .finally(() => setBuilding(false));
  };

  return (
    <section className={`page ${className}`}>
      <div className="page-header">
        <h1>{title}</h1>
        <div className="page-actions">
          <DateField onlyDays className="date-filter" label="From" value={from} max={to} onChange={setFrom} />
          <DateField onlyDays className="date-filter" label="To" value={to} min={from} onChange={setTo} />
          {filters}
          <button type="button" className="btn btn-primary" disabled={!makePdf || building} onClick={download}>
            {building ? 'Preparing PDF…' : 'Download PDF'}
          </button>
        </div>
      </div>
      <div className="panel">{children}</div>
    </section>
  );
}
