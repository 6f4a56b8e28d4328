interface ModalActionsProps {
  onCancel: () => void;
  saving: boolean;
  /** The submit button's text while not saving; 'Saving...' while saving. */
  saveLabel?: string;
}

/** A form dialog's Cancel and submit buttons; the submit button is disabled while saving. */
export function ModalActions({ onCancel, saving, saveLabel = 'Save' }: ModalActionsProps) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? 'Saving...' : saveLabel}
      </button>
    </div>
  );
}
