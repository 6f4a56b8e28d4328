import { useMemo, useState } from 'react';
import { useSession } from '../../app/session-store';
import { Pager } from '../../components/ui/pager';
import { RowActions } from '../../components/ui/row-actions';
import { SearchInput } from '../../components/ui/search-input';
import { TableMessageRow } from '../../components/ui/table-message-row';
import { toast } from '../../components/ui/toast-store';
import { can } from '../../../../shared/domain/permissions';
import { formatMoney } from '../../../../shared/domain/money';
import { formatQuantity, isLowStock } from '../../../../shared/domain/quantity';
import type { ItemRow } from '../../../../shared/schemas/item';
import { useLastPage, usePageState } from '../../lib/use-page-state';
import { useCategories } from '../categories/api/use-categories';
import { useItems } from './api/use-items';
import { deleteItem } from './api/delete-item';
import { ItemFormModal } from './components/item-form-modal';
import { StockMovementsModal } from './components/stock-movements-modal';

const pageSize = 50;

/** Item Inventory (spec 2.9): read from the device, 50 per page, written through the outbox. */
export function ItemsPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  const paging = usePageState();
  const { search, setSearch, page, setPage } = paging;
  const [editing, setEditing] = useState<ItemRow | null | undefined>(undefined);
  const [ledgerOf, setLedgerOf] = useState<ItemRow | null>(null);
  const result = useItems(search, page, pageSize);
  const categories = useCategories();
  const categoryNames = useMemo(() => new Map(categories?.map((category) => [category.id, category.name])), [categories]);
  const columns = 8;
  const lastPage = useLastPage(paging, result?.total, pageSize);

  async function remove(item: ItemRow) {
    if (!window.confirm('Are you sure you want to delete this item?')) return;
    try {
      await deleteItem(item.id);
      toast.success('Item deleted successfully!');
    } catch {
      toast.error('Failed to delete item.');
    }
  }

  return (
    <section className="page">
      <div className="page-header">
        <h1>Inventory Items</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search Items..." label="Search items" value={search} onChange={setSearch} />
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add New Item
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <h2 className="panel-title">All Inventory Items</h2>
        <table className="table items-table">
          <thead>
            <tr>
              <th>Item ID</th>
              <th>Item Name</th>
              <th>Category</th>
              <th className="num">Unit Price</th>
              <th className="num">Cost Price</th>
              <th className="num">Stock</th>
              <th className="num">Reorder Lvl</th>
              <th className="actions-col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {result === undefined ? (
              <TableMessageRow colSpan={columns}>Loading...</TableMessageRow>
            ) : result.rows.length === 0 ? (
              <TableMessageRow colSpan={columns}>No items found.</TableMessageRow>
            ) : (
              result.rows.map((item) => {
                const isLow = isLowStock(item);
                const isNegative = item.stockHundredths < 0;
                return (
                  <tr key={item.id}>
                    <td className="mono">{item.barcode}</td>
                    <td>{item.itemName}</td>
                    <td>{(item.categoryId && categoryNames.get(item.categoryId)) || 'N/A'}</td>
                    <td className="num">{formatMoney(item.unitPriceCents)}</td>
                    <td className="num">{formatMoney(item.costPriceCents)}</td>
                    <td
                      className={`num${isLow ? ' stock-low' : ''}`}
                      title={isNegative ? 'Negative stock: more was sold than was recorded in stock' : isLow ? `Below reorder level (${item.reorderLevel})` : undefined}
                    >
                      {formatQuantity(item.stockHundredths)}
                    </td>
                    <td className="num">{item.reorderLevel}</td>
                    <td className="actions-col">
                      <button type="button" className="btn btn-small btn-secondary" onClick={() => setLedgerOf(item)} aria-label={`Stock movements of ${item.itemName}`}>
                        Movements
                      </button>
                      {mayEdit && <RowActions name={item.itemName} onEdit={() => setEditing(item)} onDelete={() => void remove(item)} />}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {result && result.total > 0 && (
          <Pager
            page={Math.min(page, lastPage)}
            pageSize={pageSize}
            total={result.total}
            onPage={setPage}
            caption={(from, to, total) => `Showing ${from} - ${to} of ${total}`}
            previousLabel="Prev"
          />
        )}
      </div>
      {editing !== undefined && <ItemFormModal item={editing} onClose={() => setEditing(undefined)} />}
      {ledgerOf && <StockMovementsModal item={ledgerOf} onClose={() => setLedgerOf(null)} />}
    </section>
  );
}
