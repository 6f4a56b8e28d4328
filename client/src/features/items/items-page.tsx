import { useMemo, useState } from 'react';
import { useSession } from '@/session/session-store';
import { Pager } from '@/components/ui/pager';
import { RowActions } from '@/components/ui/row-actions';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import { formatQuantity, isLowStock } from '@shared/domain/quantity';
import type { ItemRow } from '@shared/schemas/item';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { useRevealSaved } from '@/lib/use-reveal-saved';
import { db } from '@/db/instance';
import { useCategories } from '@/lib/use-categories';
import { useItems } from './api/use-items';
import { deleteItem } from './api/delete-item';
import { ItemFormModal } from './components/item-form-modal';
import { StockMovementsModal } from './components/stock-movements-modal';
import { confirmInPage } from '@/components/ui/confirm-store';
import { ExportCsvButton } from '@/components/export-csv-button';

const pageSize = 50;
const itemsTable = db.items as never;

/**
 * The spec's columns (2.9); on a tablet the less important ones fold under the item's name. Cost
 * Price only for a role that reads it (shared/sync/read-scope.ts): Staff's devices do not hold it.
 */
function itemColumns(categoryName: (id: string | null) => string, readsCost: boolean): Column<ItemRow>[] {
  const columns: (Column<ItemRow> | false)[] = [
    { header: 'Item ID', cell: (item) => item.barcode, className: 'mono nowrap', priority: 2 },
    { header: 'Item Name', cell: (item) => item.itemName, primary: true },
    { header: 'Category', cell: (item) => categoryName(item.categoryId), priority: 3 },
    { header: 'Unit Price', cell: (item) => formatMoney(item.unitPriceCents), className: 'num' },
    readsCost && { header: 'Cost Price', cell: (item) => (item.costPriceCents === undefined ? '…' : formatMoney(item.costPriceCents)), className: 'num', priority: 4 },
    { header: 'Stock', cell: (item) => <StockCell item={item} />, className: 'num', cellClass: (item) => (isLowStock(item) ? 'stock-low' : undefined), title: stockWarning },
    { header: 'Reorder Lvl', cell: (item) => item.reorderLevel, className: 'num', priority: 4 },
  ];
  return columns.filter((column): column is Column<ItemRow> => column !== false);
}

/** The spec's tooltip on low stock (and ours on negative stock). */
function stockWarning(item: ItemRow): string | undefined {
  if (item.stockHundredths < 0) return 'Negative stock: more was sold than was recorded in stock';
  return isLowStock(item) ? `Below reorder level (${item.reorderLevel})` : undefined;
}

/**
 * Stock (red and bold when low, by the column's class), with the reason visible without a hover,
 * since a touch screen has none: 'below 5' beside it, or 'negative'.
 */
function StockCell({ item }: { item: ItemRow }) {
  if (!isLowStock(item)) return <>{formatQuantity(item.stockHundredths)}</>;
  return (
    <>
      {formatQuantity(item.stockHundredths)} <span className="stock-badge">{item.stockHundredths < 0 ? 'negative' : `below ${item.reorderLevel}`}</span>
    </>
  );
}

async function remove(item: ItemRow) {
  if (!(await confirmInPage({ title: 'Delete item', message: 'Are you sure you want to delete this item?', confirmLabel: 'Delete', danger: true }))) return;
  try {
    await deleteItem(item.id);
    toast.success('Item deleted successfully!');
  } catch {
    toast.error('Failed to delete item.');
  }
}

/** Item Inventory (spec 2.9): read from the device, 50 per page, written through the outbox. */
export function ItemsPage() {
  const role = useSession((state) => state.user?.role);
  const mayEdit = can(role, 'editCatalog');
  const readsCost = can(role, 'readCostPrices');
  const paging = usePageState({ fromUrl: true });
  const { search, setSearch, page, setPage } = paging;
  const [editing, setEditing] = useState<ItemRow | null | undefined>(undefined);
  const [ledgerOf, setLedgerOf] = useState<ItemRow | null>(null);
  const result = useItems(search, page, pageSize);
  const categories = useCategories();
  const categoryNames = useMemo(() => new Map(categories?.map((category) => [category.id, category.name])), [categories]);
  // During a download the server names the categories this device does not hold yet.
  const pageNames = result?.names;
  const columns = useMemo(() => itemColumns((id) => (id && (categoryNames.get(id) ?? pageNames?.[id])) || 'N/A', readsCost), [categoryNames, pageNames, readsCost]);
  const lastPage = useLastPage(paging, result, pageSize);
  const { highlightId, reveal } = useRevealSaved({ table: itemsTable, pageSize, paging });
  const rows = result?.rows;
  // Drawn again only when its rows change: a keystroke renders the page at once with the last rows
  // and again with the new ones, and the first drew every row for nothing (issue 47).
  const table = useMemo(
    () => (
      <DataTable
        className="items-table"
        screenfulFirst
        columns={columns}
        rows={rows}
        rowKey={(item) => item.id}
        loadingText="Loading..."
        emptyText="No items found."
        highlightId={highlightId}
        actions={(item) => (
          <>
            <button type="button" className="btn btn-small btn-secondary" onClick={() => setLedgerOf(item)} aria-label={`Stock movements of ${item.itemName}`}>
              Movements
            </button>
            {mayEdit && <RowActions name={item.itemName} onEdit={() => setEditing(item)} onDelete={() => void remove(item)} />}
          </>
        )}
      />
    ),
    [columns, rows, highlightId, mayEdit],
  );

  return (
    <section className="page">
      <div className="page-header">
        <h1>Inventory Items</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search Items..." label="Search items" value={search} onChange={setSearch} />
          <ExportCsvButton list="items" />
          <ExportCsvButton list="stockMovements" label="Export stock movements" />
          {mayEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing(null)}>
              + Add New Item
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <h2 className="panel-title">All Inventory Items</h2>
        {table}
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
      {editing !== undefined && <ItemFormModal item={editing} onClose={() => setEditing(undefined)} onSaved={reveal} />}
      {ledgerOf && <StockMovementsModal item={ledgerOf} onClose={() => setLedgerOf(null)} />}
    </section>
  );
}
