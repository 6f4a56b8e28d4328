import { useEffect, useState, type FormEvent } from 'react';
import { DateField } from '@/components/ui/date-field';
import type { DayPeriod } from '../api/query-job-history';

interface ReportSearchBarProps {
  /** The search applied now (the box starts with it and follows a Reset). */
  applied: string;
  /** The date-in period applied with it; its fields start with it and follow a Reset. */
  appliedPeriod: DayPeriod;
  onSearch: (text: string, period: DayPeriod) => void;
  onReset: () => void;
  onDownload: () => void;
  /** Download is off while a PDF is being made or there is nothing to put in one. */
  downloadDisabled: boolean;
}

/**
 * One search box (spec 2.16) and the date-in period (issue 47: From and To, either may stay empty),
 * applied together on Search or Enter, cleared by Reset; and Download PDF.
 */
export function ReportSearchBar({ applied, appliedPeriod, onSearch, onReset, onDownload, downloadDisabled }: ReportSearchBarProps) {
  const [text, setText] = useState(applied);
  const [from, setFrom] = useState(appliedPeriod.from);
  const [to, setTo] = useState(appliedPeriod.to);
  useEffect(() => setText(applied), [applied]);
  useEffect(() => setFrom(appliedPeriod.from), [appliedPeriod.from]);
  useEffect(() => setTo(appliedPeriod.to), [appliedPeriod.to]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text, { from, to });
  };
  return (
    <form className="report-search" role="search" onSubmit={submit}>
      <input
        type="search"
        className="search-input"
        placeholder="Search (Customer Name, Phone No., Vehicle Reg No.)"
        aria-label="Search jobs"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <DateField className="date-filter" label="From date" value={from} onChange={setFrom} onlyDays />
      <DateField className="date-filter" label="To date" value={to} onChange={setTo} onlyDays />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setText('');
          setFrom('');
          setTo('');
          onReset();
        }}
      >
        Reset
      </button>
      <button type="button" className="btn" onClick={onDownload} disabled={downloadDisabled}>
        Download PDF
      </button>
    </form>
  );
}
