import { useState } from 'react';
import { Modal } from '../ui/modal';
import { ModalActions } from '../ui/modal-actions';
import { toast } from '../ui/toast-store';
import { useFormSubmit } from '../ui/use-form-submit';
import { PlainFormFields } from './plain-form-fields';
import { savePlainRecord } from './save-plain-record';
import { formValuesOf, type AnyPlainEntity } from '@shared/entities/plain-entity';

interface PlainFormModalProps {
  entity: AnyPlainEntity;
  /** The record as the device holds it, or null for a new one. */
  record: { id: string } | null;
  /** Values to start from instead of the record's (a refused change opened again for correction). */
  draft?: Record<string, unknown>;
  onClose: () => void;
  onSaved?: (id: string) => void;
}

/**
 * A plain entity's add and edit form made from its declaration alone (issue 48): its fields, its noun
 * in the title, its REST messages as the toasts. An entity with a form of its own (categories,
 * services) uses that; a new one has this from its first day, in its screen and in the problems list.
 */
export function PlainFormModal({ entity, record, draft, onClose, onSaved }: PlainFormModalProps) {
  const noun = entity.problemForm?.noun ?? entity.name;
  const [values, setValues] = useState(() => formValuesOf(entity, (draft ?? record ?? undefined) as Record<string, unknown> | undefined));
  const { saving, submit } = useFormSubmit(async () => {
    const id = await savePlainRecord(entity, record, values);
    toast.success(record ? (entity.rest?.messages.updated ?? `${noun} updated`) : (entity.rest?.messages.created ?? `${noun} added`));
    onSaved?.(id);
    onClose();
  }, `Failed to save the ${noun.toLowerCase()}.`);

  return (
    <Modal title={record ? `Edit ${noun}` : `Add ${noun}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <PlainFormFields fields={entity.plain.fields} values={values} onChange={(key, value) => setValues((now) => ({ ...now, [key]: value }))} />
        <ModalActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
