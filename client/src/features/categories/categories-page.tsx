import { useState } from 'react';
import { useSession } from '../../app/session-store';
import { can } from '../../../../shared/domain/permissions';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { TableMessageRow } from '../../components/ui/table-message-row';
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
          <SearchInput placeholder="Search Categories..." label="Search categories" value={search} onChange={setSearch} />
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
              <TableMessageRow colSpan={3}>Loading...</TableMessageRow>
            ) : categories.length === 0 ? (
              <TableMessageRow colSpan={3}>No categories found.</TableMessageRow>
            ) : (
              categories.map((category) => (
                <tr key={category.id}>
                  <td>{category.name}</td>
                  <td>{category.description || 'N/A'}</td>
                  <td className="actions-col">
                    {mayEdit ? (
                      <RowActions name={category.name} onEdit={() => setEditing(category)} onDelete={() => void remove(category)} />
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
