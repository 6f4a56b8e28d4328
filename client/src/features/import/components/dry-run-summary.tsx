import { useState } from 'react';
import type { DryRun } from '../worker/protocol';

const nouns: Record<string, string> = {
  customers: 'Customers',
  vehicles: 'Vehicles',
  categories: 'Categories',
  items: 'Items',
  services: 'Services',
  invoices: 'Opening invoices',
};

interface Props {
  dryRun: DryRun;
  onDownloadProblems: () => void;
  onImport: (skipProblems: boolean) => void;
}

/**
 * The dry run (issue 43, point 4): what the file would make, change and leave as it is, and every
 * row with a problem; nothing is written until the user imports, and a file with problems only
 * when they choose to skip those rows.
 */
export function DryRunSummary({ dryRun, onDownloadProblems, onImport }: Props) {
  const [skip, setSkip] = useState(false);
  const problems = dryRun.problemCount;
  return (
    <div className="panel import-dry-run">
      <h2 className="panel-title">Dry run: nothing has been written yet</h2>
      <p>
        {dryRun.rows} {dryRun.rows === 1 ? 'row' : 'rows'} read.
      </p>
      <table className="table import-tallies">
        <thead>
          <tr>
            <th></th>
            <th>New</th>
            <th>Update</th>
            <th>Unchanged</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(dryRun.tallies).map(([noun, tally]) => (
            <tr key={noun}>
              <th scope="row">{nouns[noun] ?? noun}</th>
              <td>{tally.new}</td>
              <td>{tally.update}</td>
              <td>{tally.unchanged}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems > 0 ? (
        <>
          <h3 className="report-section-title error-text">
            {problems} {problems === 1 ? 'row has a problem' : 'rows have problems'}
          </h3>
          <ul className="problem-list import-problems">
            {dryRun.problems.map((problem) => (
              <li key={problem.row}>
                Row {problem.row}
                {problem.column ? `, ${problem.column}` : ''}: {problem.message}
              </li>
            ))}
            {problems > dryRun.problems.length && <li className="muted">…and {problems - dryRun.problems.length} more in the file of rows with problems.</li>}
          </ul>
          <p>
            <button type="button" className="btn btn-secondary" onClick={onDownloadProblems}>
              Download rows with problems (CSV)
            </button>
          </p>
          <label className="checkbox-field">
            <input type="checkbox" checked={skip} onChange={(event) => setSkip(event.target.checked)} />
            Skip the {problems === 1 ? 'row' : `${problems} rows`} with problems and import the rest
          </label>
        </>
      ) : (
        <p className="muted">No problems found.</p>
      )}
      <div className="form-footer">
        <button type="button" className="btn btn-primary" disabled={dryRun.steps === 0 || (problems > 0 && !skip)} onClick={() => onImport(skip)}>
          {dryRun.steps === 0 ? 'Nothing to import' : `Import (${dryRun.steps} ${dryRun.steps === 1 ? 'change' : 'changes'})`}
        </button>
      </div>
    </div>
  );
}
