import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toast-store';
import { ValidationError } from '../../../sync/local-mutation';
import type { CategoryRow } from '../../../../../shared/schemas/category';
import { createCategory } from '../api/create-category';
import { updateCategory } from '../api/update-category';

interface CategoryFormModalProps {
  category?: CategoryRow | null;
  onClose: () => void;
  /** Called with the saved category's id (the item form selects a quick-added one). */
  onSaved?: (id: string) => void;
  successMessage?: string;
}

/** Add or edit a category: Name (max 50), Description (max 200). Used by the item form's '+' too. */
export function CategoryFormModal({ category, onClose, onSaved, successMessage }: CategoryFormModalProps) {
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      let id = category?.id;
      if (category) await updateCategory(category.id, { name, description });
      else id = await createCategory({ name, description });
      toast.success(successMessage ?? (category ? 'Category updated successfully!' : 'Category added successfully!'));
      onSaved?.(id!);
      onClose();
    } catch (error) {
      if (error instanceof ValidationError) toast.warning(error.message);
      else toast.error(category ? 'Failed to save category.' : 'Failed to add category.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={category ? 'Edit Category' : 'Add New Category'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label className="field">
          <span>Category Name</span>
          <input value={name} maxLength={50} onChange={(e) => setName(e.target.value)} autoFocus />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea value={description} maxLength={200} rows={3} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
