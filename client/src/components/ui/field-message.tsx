/**
 * A form's message about one field, shown beside it (issue 47: not a browser alert, not a toast
 * that goes by). The control points to it with `fieldMessageProps`, so a screen reader reads it
 * with the field and the field is marked.
 */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="field-message error-text" role="alert">
      {message}
    </span>
  );
}

/** The control's side of FieldMessage: marked invalid and described by the message while there is one. */
export function fieldMessageProps(id: string, message: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return message ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}
