import { importKindLabels, type ImportKind } from '@shared/import/columns';

/** The kinds a shop imports; opening balances come once their plan is written over recordOpeningBalance (docs/decisions.md, Moving in). */
export const offeredKinds: ImportKind[] = ['customers', 'items', 'services'];

export function KindPicker({ kind, onChange, disabled }: { kind: ImportKind; onChange: (kind: ImportKind) => void; disabled: boolean }) {
  return (
    <div className="segmented" role="radiogroup" aria-label="What the file holds">
      {offeredKinds.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={kind === option}
          className={kind === option ? 'active' : undefined}
          disabled={disabled}
          onClick={() => onChange(option)}
        >
          {importKindLabels[option]}
        </button>
      ))}
    </div>
  );
}
