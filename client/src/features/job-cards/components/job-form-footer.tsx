interface JobFormFooterProps {
  /** Something typed is not saved yet (kept on this device as a draft). */
  isDraft: boolean;
  saving: boolean;
  /** A finished job cannot be edited (decisions.md, Finished jobs). */
  finished: boolean;
  onDiscard: () => void;
}

/** Both tabs' Save, with what the draft is and how to throw it away on purpose. */
export function JobFormFooter({ isDraft, saving, finished, onDiscard }: JobFormFooterProps) {
  return (
    <div className="form-footer">
      {isDraft && (
        <>
          <span className="muted">Not saved yet: kept on this device until you save or discard it.</span>
          <button type="button" className="btn btn-secondary" onClick={onDiscard} disabled={saving}>
            Discard draft
          </button>
        </>
      )}
      <button type="submit" className="btn btn-primary" disabled={saving || finished}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </div>
  );
}
