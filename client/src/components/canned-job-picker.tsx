import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db/instance';
import { toast } from '@/components/ui/toast-store';
import { cannedJobAsLines } from '@/lib/canned-job-lines';
import { formatMoney } from '@shared/domain/money';
import type { JobLineInput } from '@shared/schemas/job-card';

interface CannedJobPickerProps {
  onAdd: (lines: JobLineInput[]) => void;
  disabled?: boolean;
}

/**
 * 'Add canned job' (issue 45): the chosen canned job's services and parts become ordinary lines of
 * the form in one tap, priced from the catalogue now (a package price shared over them).
 */
export function CannedJobPicker({ onAdd, disabled }: CannedJobPickerProps) {
  const cannedJobs = useLiveQuery(() => db.cannedJobs.orderBy('sortKey').toArray(), []);
  const [chosen, setChosen] = useState('');
  if (!cannedJobs || cannedJobs.length === 0) return null;

  async function add() {
    const found = chosen ? await cannedJobAsLines(chosen) : null;
    if (!found) return;
    if (found.lines.length === 0) return toast.warning(`Nothing of "${found.name}" is in the catalogue any more.`);
    onAdd(found.lines);
    setChosen('');
    if (found.missing.length > 0) toast.warning(`Added at catalogue prices without ${found.missing.join(', ')}: no longer in the catalogue.`);
    else if (found.residualCents !== 0) toast.warning(`The lines come to ${formatMoney(-found.residualCents)} off the package price: no quantity takes the last cents.`);
    else toast.success(`${found.name}: ${found.lines.length} lines added`);
  }

  return (
    <div className="canned-job-picker">
      <label className="field">
        <span>Canned job</span>
        <select name="cannedJob" value={chosen} disabled={disabled} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose a canned job…</option>
          {cannedJobs
            .filter((row) => !row.deleted)
            .map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
                {row.packagePriceCents === null ? '' : ` (${formatMoney(row.packagePriceCents)})`}
              </option>
            ))}
        </select>
      </label>
      <button type="button" className="btn btn-secondary" disabled={disabled || !chosen} onClick={() => void add()}>
        Add canned job
      </button>
    </div>
  );
}
