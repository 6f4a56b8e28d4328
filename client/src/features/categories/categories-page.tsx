import { useState } from 'react';
import { useSession } from '@/session/session-store';
import { can } from '@shared/domain/permissions';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useRevealSaved } from '@/lib/use-reveal-saved';
import { toast } from '@/components/ui/toast-store';
import type { CategoryRow } from '@shared/schemas/category';
import { useCategories } from '@/lib/use-categories';
import { deleteCategory } from './api/delete-category';
import { CategoryFormModal } from '@/components/category-form/category-form-modal';
import { confirmInPage } from '@/components/ui/confirm-store';

const categoryColumns: Column<CategoryRow>[] = [
  { header: 'Category Name', cell: (category) => category.name, primary: true },
  { header: 'Description', cell: (category) => category.description || 'N/A' },
];

/** Category Management (spec 2.10), read from the device and written through the outbox. */
export function CategoriesPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CategoryRow | null | undefined>(undefined);
  const { highlightId, reveal } = useRevealSaved();
  const categories = useCategories(search);

  async function remove(category: CategoryRow) {
    const message = `Are you sure you want to delete the category "${category.name}"?`;
    if (!(await confirmInPage({ title: 'Delete category', message, confirmLabel: 'Delete', danger: true }))) return;
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
        <DataTable
          className="categories-table"
          columns={categoryColumns}
          rows={categories}
          rowKey={(category) => category.id}
          loadingText="Loading..."
          emptyText="No categories found."
          highlightId={highlightId}
          actions={(category) =>
            mayEdit ? <RowActions name={category.name} onEdit={() => setEditing(category)} onDelete={() => void remove(category)} /> : <span className="muted">View only</span>
          }
        />
      </div>
      {editing !== undefined && <CategoryFormModal category={editing} onClose={() => setEditing(undefined)} onSaved={reveal} />}
    </section>
  );
}
