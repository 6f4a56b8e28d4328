import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from './toast-store';
import { ValidationError } from '@/sync/validation-error';

/** Marks the form control named `field` (aria-invalid) and puts the cursor there, until it is next changed. */
export function markInvalidField(form: HTMLFormElement | null, field: string | undefined): void {
  if (!form || !field) return;
  const control = form.elements.namedItem(field);
  if (!(control instanceof HTMLElement)) return;
  control.setAttribute('aria-invalid', 'true');
  control.focus();
  const clear = () => control.removeAttribute('aria-invalid');
  control.addEventListener('input', clear, { once: true });
  control.addEventListener('change', clear, { once: true });
}

/**
 * A form's submit handler and its `saving` flag: runs `save` (which toasts its own success; a form that
 * stays open, such as Company Detail, tags it with the `source` it is given so the next save replaces it), shows
 * a ValidationError's message as a warning (the spec's words) and marks and focuses the field it is
 * about, and shows any other failure as `failure`. The form's messages are its own: a new attempt
 * replaces them, and they go when the form closes, so an old warning never outlives its form.
 */
export function useFormSubmit(save: (source: string) => Promise<void>, failure: string | ((error: unknown) => string)) {
  const [saving, setSaving] = useState(false);
  const source = useId();

  useEffect(() => () => toast.dismissSource(source), [source]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    toast.dismissSource(source);
    setSaving(true);
    try {
      await save(source);
    } catch (error) {
      if (error instanceof ValidationError) {
        toast.warning(error.message, { source });
        markInvalidField(form, error.field);
      } else {
        toast.error(typeof failure === 'string' ? failure : failure(error), { source });
      }
    } finally {
      setSaving(false);
    }
  }

  return { saving, submit };
}
