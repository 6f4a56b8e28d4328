import { useState } from 'react';
import { Modal } from '../ui/modal';
import { ModalActions } from '../ui/modal-actions';
import { toast } from '../ui/toast-store';
import { useFormSubmit } from '../ui/use-form-submit';
import { PlainFormFields } from '../plain-form/plain-form-fields';
import { savePlainRecord } from '../plain-form/save-plain-record';
import { categoriesEntity } from '@shared/entities/categories';
import { formValuesOf } from '@shared/entities/plain-entity';
import type { CategoryRow } from '@shared/schemas/category';

interface CategoryFormModalProps {
  category?: CategoryRow | null;
  /** Values to start from instead of the category's (a refused change opened again for correction). */
  draft?: Partial<CategoryRow>;
  onClose: () => void;
  /** Called with the saved category's id (the item form selects a quick-added one). */
  onSaved?: (id: string) => void;
  successMessage?: string;
}

/** Add or edit a category: its declared fields (Name, max 50; Description, max 200). Used by the item form's '+' too. */
export function CategoryFormModal({ category, draft, onClose, onSaved, successMessage }: CategoryFormModalProps) {
  const [values, setValues] = useState(() => formValuesOf(categoriesEntity, draft ?? category ?? undefined));
  const { saving, submit } = useFormSubmit(
    async () => {
      const id = await savePlainRecord(categoriesEntity, category, values);
      toast.success(successMessage ?? (category ? 'Category updated successfully!' : 'Category added successfully!'));
      onSaved?.(id);
      onClose();
    },
    category ? 'Failed to save category.' : 'Failed to add category.',
  );

  return (
    <Modal title={category ? 'Edit Category' : 'Add New Category'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <PlainFormFields fields={categoriesEntity.plain.fields} values={values} onChange={(key, value) => setValues((now) => ({ ...now, [key]: value }))} autoFocus="name" />
        <ModalActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
