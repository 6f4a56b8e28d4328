import { useState, type FormEvent } from 'react';
import { toast } from '../components/ui/toast-store';
import { ValidationError } from '../sync/local-mutation';

/**
 * A form's submit handler and its `saving` flag: runs `save` (which toasts its own success), shows
 * a ValidationError's message as a warning and any other failure as `failure` (or what it makes of
 * the error).
 */
export function useFormSubmit(save: () => Promise<void>, failure: string | ((error: unknown) => string)) {
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      await save();
    } catch (error) {
      if (error instanceof ValidationError) toast.warning(error.message);
      else toast.error(typeof failure === 'string' ? failure : failure(error));
    } finally {
      setSaving(false);
    }
  }

  return { saving, submit };
}
