import { useState } from 'react';
import { useSession } from '../../app/session-store';
import { can } from '../../../../shared/domain/permissions';
import { toast } from '../../components/ui/toast-store';
import type { CategoryRow } from '../../../../shared/schemas/category';
import { useCategories } from './api/use-categories';
import { deleteCategory } from './api/delete-category';
import { CategoryFormModal } from './components/category-form-modal';

/** Category Management (spec 2.10), read from the device and written through the outbox. */
export function CategoriesPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CategoryRow | null | undefined>(undefined);
  const categories = useCategories(search);

  async function remove(category: CategoryRow) {
    if (!window.confirm(`Are you sure you want to delete the category "${category.name}"?`)) return;
    try {
      await deleteCategory(category.id);
      toast.success('Category deleted successfully!');
    } catch {
      toast.error('Failed to delete category.');
    }
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Category Management</h1>
        <div className="page-actions">
          <input
            type="search"
            className="search-input"
            placeholder="Search Categories..."
            aria-label="Search categories"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add New Category
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <table className="table">
          <thead>
            <tr>
              <th>Category Name</th>
              <th>Description</th>
              <th className="actions-col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories === undefined ? (
              <tr>
                <td colSpan={3} className="empty">Loading...</td>
              </tr>
            ) : categories.length === 0 ? (
              <tr>
                <td colSpan={3} className="empty">No categories found.</td>
              </tr>
            ) : (
              categories.map((category) => (
                <tr key={category.id}>
                  <td>{category.name}</td>
                  <td>{category.description || 'N/A'}</td>
                  <td className="actions-col">
                    {mayEdit ? (
                      <>
                        <button type="button" className="btn btn-small" onClick={() => setEditing(category)} aria-label={`Edit ${category.name}`}>
                          Edit
                        </button>
                        <button type="button" className="btn btn-small btn-danger" onClick={() => void remove(category)} aria-label={`Delete ${category.name}`}>
                          Delete
                        </button>
                      </>
                    ) : (
                      <span className="muted">View only</span>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {editing !== undefined && <CategoryFormModal category={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
