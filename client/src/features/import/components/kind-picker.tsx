import { importKindLabels, type ImportKind } from '@shared/import/columns';

/** The kinds a shop imports, in the order a shop moving in brings them: opening balances need their customers first. */
export const offeredKinds: ImportKind[] = ['customers', 'items', 'services', 'openingBalances'];

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
