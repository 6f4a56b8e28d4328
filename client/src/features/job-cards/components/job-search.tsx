import { useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { JobCardRow } from '@shared/schemas/job-card';
import { searchJobCards } from '../api/search-job-cards';
import { StatusBadge } from './status-badge';

/** 'Search Job Cards': by number, customer name, phone or plate; choosing one opens it. */
export function JobSearch({ onOpen }: { onOpen: (job: JobCardRow) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const matches = useLiveQuery(() => searchJobCards(text), [text]);
  return (
    <div className="job-search">
      <input
        type="search"
        className="search-input"
        placeholder="Search Job Cards"
        aria-label="Search Job Cards"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = setTimeout(() => setOpen(false), 200);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {open && text.trim() && matches && (
        <ul className="suggestions" role="listbox" aria-label="Job cards">
          {matches.length === 0 && <li className="muted">No matches</li>}
          {matches.map((job) => (
            <li key={job.id} role="option" aria-selected="false">
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setOpen(false);
                  setText('');
                  onOpen(job);
                }}
              >
                <span>
                  <strong className="mono">{job.jobNumber ?? 'Pending'}</strong> {job.customerName} · {job.vehicleLicensePlate}
                </span>
                <StatusBadge status={job.status} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
