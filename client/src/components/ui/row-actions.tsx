interface RowActionsProps {
  /** The row's name, for the buttons' accessible names: 'Edit <name>', 'Delete <name>'. */
  name: string;
  onEdit: () => void;
  /** Without it there is no Delete button. */
  onDelete?: () => void;
}

/** A list row's Edit and Delete buttons (the caller puts them in its actions cell). */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      <button type="button" className="btn btn-small" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      {onDelete && (
        <button type="button" className="btn btn-small btn-danger" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </button>
      )}
    </>
  );
}
