import { useState } from 'react';
import { importColumns, type ImportKind } from '@shared/import/columns';
import type { ColumnsAnswer } from '../worker/protocol';

interface Props {
  kind: ImportKind;
  answer: ColumnsAnswer;
  onCheck: (byKey: Record<string, number>, chosen: { header: string; key: string }[]) => void;
}

/**
 * The file's headers that matched none of our columns, each mapped by the user to one of ours or
 * ignored (issue 43, point 3); the required columns still missing are named, and the dry run waits
 * for them.
 */
export function ColumnMapping({ kind, answer, onCheck }: Props) {
  const columns = importColumns[kind];
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const byKey: Record<string, number> = { ...answer.match.byKey };
  for (const [index, key] of Object.entries(chosen)) if (key) byKey[key] = Number(index);
  const taken = new Set(Object.keys(byKey));
  const missing = columns.filter((column) => column.required && !taken.has(column.key));
  const matched = columns.filter((column) => column.key in answer.match.byKey);
  return (
    <div className="panel import-columns">
      <h2 className="panel-title">Columns</h2>
      <p className="muted">
        Read as {answer.format}. Matched: {matched.map((column) => `${answer.headers[answer.match.byKey[column.key]!]} → ${column.label}`).join(', ') || 'none'}.
      </p>
      {answer.match.unmatched.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>Column in the file</th>
              <th>Import it as</th>
            </tr>
          </thead>
          <tbody>
            {answer.match.unmatched.map(({ index, header }) => (
              <tr key={index}>
                <td>{header}</td>
                <td>
                  <select aria-label={`Import ${header} as`} value={chosen[index] ?? ''} onChange={(event) => setChosen({ ...chosen, [index]: event.target.value })}>
                    <option value="">Ignore this column</option>
                    {columns
                      .filter((column) => chosen[index] === column.key || !taken.has(column.key))
                      .map((column) => (
                        <option key={column.key} value={column.key}>
                          {column.label}
                        </option>
                      ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {missing.length > 0 && (
        <p className="error-text" role="alert">
          Missing required {missing.length === 1 ? 'column' : 'columns'}: {missing.map((column) => column.label).join(', ')}. Map a column of the file to{' '}
          {missing.length === 1 ? 'it' : 'them'}, or add {missing.length === 1 ? 'it' : 'them'} to the file.
        </p>
      )}
      <div className="form-footer">
        <button
          type="button"
          className="btn btn-primary"
          disabled={missing.length > 0}
          onClick={() =>
            onCheck(
              byKey,
              answer.match.unmatched.map(({ index, header }) => ({ header, key: chosen[index] ?? '' })),
            )
          }
        >
          Check file
        </button>
      </div>
    </div>
  );
}
