import { useState } from 'react';
import { Modal } from '../ui/modal';
import { ModalActions } from '../ui/modal-actions';
import { toast } from '../ui/toast-store';
import { useFormSubmit } from '../ui/use-form-submit';
import type { CategoryRow } from '@shared/schemas/category';
import { createCategory } from './create-category';
import { updateCategory } from './update-category';

interface CategoryFormModalProps {
  category?: CategoryRow | null;
  /** Values to start from instead of the category's (a refused change opened again for correction). */
  draft?: Partial<CategoryRow>;
  onClose: () => void;
  /** Called with the saved category's id (the item form selects a quick-added one). */
  onSaved?: (id: string) => void;
  successMessage?: string;
}

/** Add or edit a category: Name (max 50), Description (max 200). Used by the item form's '+' too. */
export function CategoryFormModal({ category, draft, onClose, onSaved, successMessage }: CategoryFormModalProps) {
  const start = draft ?? category;
  const [name, setName] = useState(start?.name ?? '');
  const [description, setDescription] = useState(start?.description ?? '');
  const { saving, submit } = useFormSubmit(
    async () => {
      let id = category?.id;
      if (category) await updateCategory(category, { name, description });
      else id = await createCategory({ name, description });
      toast.success(successMessage ?? (category ? 'Category updated successfully!' : 'Category added successfully!'));
      onSaved?.(id!);
      onClose();
    },
    category ? 'Failed to save category.' : 'Failed to add category.',
  );

  return (
    <Modal title={category ? 'Edit Category' : 'Add New Category'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span className="required">Category Name</span>
          <input name="name" aria-required="true" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} autoFocus />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea name="description" value={description} maxLength={200} rows={3} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <ModalActions onCancel={onClose} saving={saving} />
      </form>
    </Modal>
  );
}
