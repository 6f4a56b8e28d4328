import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useLastPage, usePageState } from '@/lib/use-page-state';
import { formatDate } from '@/lib/format-date';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import type { PurchaseOrderRow } from '@shared/schemas/purchase-order';
import { usePurchaseOrders } from './api/use-purchase-orders';
import { orderPath } from './api/order-paths';

const pageSize = 25;

const columns = (showCosts: boolean): Column<PurchaseOrderRow>[] => [
  { header: 'Order No.', primary: true, className: 'mono', cell: (order) => <Link to={orderPath(order.id)}>{order.orderNo}</Link> },
  { header: 'Supplier', cell: (order) => order.supplierName },
  { header: 'Date', cell: (order) => formatDate(order.createdAt), priority: 3, className: 'nowrap' },
  { header: 'Status', cell: (order) => <span className={`status-pill po-${order.status.toLowerCase().replace(' ', '-')}`}>{order.status}</span> },
  ...(showCosts ? [{ header: 'Total', cell: (order: PurchaseOrderRow) => formatMoney(order.totalCents ?? 0), className: 'num', priority: 2 as const }] : []),
];

/** Purchase orders (issue 44): this device's, newest first, searched by number or supplier; costs for those who read them. */
export function PurchaseOrdersPage() {
  const role = useSession((state) => state.user?.role);
  const navigate = useNavigate();
  const paging = usePageState({ fromUrl: true });
  const { search, setSearch, page, setPage } = paging;
  const result = usePurchaseOrders(search, page, pageSize);
  const lastPage = useLastPage(paging, result, pageSize);
  return (
    <section className="page">
      <div className="page-header">
        <h1>Purchase Orders{result ? ` (${result.total})` : ''}</h1>
        <div className="page-actions">
          <SearchInput placeholder="Search by order number or supplier..." label="Search purchase orders" value={search} onChange={setSearch} />
          {can(role, 'purchase') && (
            <button type="button" className="btn btn-primary" onClick={() => navigate(orderPath('new'))}>
              + New Order
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <DataTable
          className="purchase-orders-table"
          columns={columns(can(role, 'readCostPrices'))}
          rows={result?.rows}
          rowKey={(order) => order.id}
          loadingText="Loading orders..."
          emptyText="No purchase orders found."
          actions={(order) => (
            <Link className="btn btn-small" to={orderPath(order.id)} aria-label={`Open ${order.orderNo}`}>
              Open
            </Link>
          )}
        />
        {result && result.total > 0 && <Pager page={Math.min(page, lastPage)} pageSize={pageSize} total={result.total} onPage={setPage} />}
      </div>
    </section>
  );
}
