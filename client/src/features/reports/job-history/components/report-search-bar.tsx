import { useEffect, useState, type FormEvent } from 'react';

interface ReportSearchBarProps {
  /** The search applied now (the box starts with it and follows a Reset). */
  applied: string;
  onSearch: (text: string) => void;
  onReset: () => void;
  onDownload: () => void;
  /** Download is off while a PDF is being made or there is nothing to put in one. */
  downloadDisabled: boolean;
}

/** One search box (spec 2.16): applied on Search or Enter, cleared by Reset; and Download PDF. */
export function ReportSearchBar({ applied, onSearch, onReset, onDownload, downloadDisabled }: ReportSearchBarProps) {
  const [text, setText] = useState(applied);
  useEffect(() => setText(applied), [applied]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
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
      <button type="submit" className="btn btn-primary">
        Search
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setText('');
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
