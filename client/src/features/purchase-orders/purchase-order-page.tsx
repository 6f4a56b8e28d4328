import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSession } from '@/session/session-store';
import { toast } from '@/components/ui/toast-store';
import { confirmInPage } from '@/components/ui/confirm-store';
import { formatDate } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { ValidationError } from '@/sync/validation-error';
import { can } from '@shared/domain/permissions';
import { formatMoney } from '@shared/domain/money';
import { isOpenOrder } from '@shared/domain/purchase-orders';
import type { PurchaseOrderLineRow } from '@shared/schemas/purchase-order';
import { usePurchaseOrder } from './api/use-purchase-order';
import { draftLineOf } from './api/draft-lines';
import { cancelOrder, placeOrder } from './api/order-actions';
import { downloadOrderPdf } from './api/download-order-pdf';
import { DraftEditor } from './components/draft-editor';
import { OrderLines } from './components/order-lines';
import { orderPath, purchaseOrderPrintPath } from './api/order-paths';
import { useDeliveries } from './api/use-deliveries';
import { markDeliveryReviewed } from './api/record-delivery';
import { markSupplierReturnReviewed } from './api/record-return';
import { ReturnPanel } from './components/return-panel';
import { ReceivePanel } from './components/receive-panel';
import { DeliveryList } from './components/delivery-list';

/** What an action's failure says: the operation's own words, else a fallback. */
const failed = (error: unknown, fallback: string) => (error instanceof ValidationError ? error.message : fallback);

/**
 * One purchase order (issue 44), `/inventory/purchase-orders/:id` (`new` for a new one): a draft is
 * edited here and placed; a placed order shows what came and what is still to come, prints on A4
 * and as a PDF, and has its lines or the whole cancelled. Read from this device, offline too.
 */
export function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const role = useSession((state) => state.user?.role);
  const mayPurchase = can(role, 'purchase');
  const showCosts = can(role, 'readCostPrices');
  const mayReceive = can(role, 'receiveGoods');
  const loaded = usePurchaseOrder(id);
  const deliveries = useDeliveries(id);
  const [editing, setEditing] = useState(false);
  const [receiving, setReceiving] = useState(false);
  /** The delivery whose parts are being sent back ('Return to Supplier'). */
  const [returningFrom, setReturningFrom] = useState<string | null>(null);

  if (id === 'new') {
    if (!mayPurchase) return <p className="page muted">Only a Manager or Admin creates orders.</p>;
    return (
      <section className="page">
        <h1>New Purchase Order</h1>
        <DraftEditor
          existing={null}
          initial={{ supplierId: '', note: '', lines: [] }}
          onSaved={(saved) => navigate(orderPath(saved), { replace: true })}
          onCancel={() => navigate(paths.purchaseOrders)}
        />
      </section>
    );
  }
  if (loaded === undefined) return <p className="page muted">Loading...</p>;
  if (loaded === null) return <p className="page muted">This order is not on this device.</p>;
  const { order, lines } = loaded;
  const returnDelivery = returningFrom ? deliveries?.find((delivery) => delivery.receipt.id === returningFrom) : undefined;
  // Goods that come after the rest was cancelled, or beyond the order, are received too (and reviewed).
  const receivable = order.status !== 'Draft' && (order.status !== 'Cancelled' || order.orderedAt !== null);

  async function run(action: () => Promise<void>, done: string, fallback: string) {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(failed(error, fallback));
    }
  }

  async function cancelLine(line: PurchaseOrderLineRow) {
    if (!(await confirmInPage({ title: 'Cancel the rest', message: `No more ${line.itemName} is expected on ${order.orderNo}?`, confirmLabel: 'Cancel the rest', danger: true })))
      return;
    await run(() => cancelOrder(order.id, line.id), 'The rest of the line is cancelled.', 'Failed to cancel the line.');
  }

  async function cancelWhole() {
    if (!(await confirmInPage({ title: 'Cancel order', message: `Nothing more is expected on ${order.orderNo}?`, confirmLabel: 'Cancel order', danger: true }))) return;
    await run(() => cancelOrder(order.id), 'Order cancelled.', 'Failed to cancel the order.');
  }

  return (
    <section className="page purchase-order-page">
      <div className="page-header">
        <h1>
          Purchase Order <span className="mono">{order.orderNo}</span> <span className="status-pill">{order.status}</span>
        </h1>
        <div className="page-actions">
          <Link className="btn btn-secondary" to={paths.purchaseOrders}>
            All orders
          </Link>
          <Link className="btn btn-secondary" to={purchaseOrderPrintPath(order.id)}>
            Print
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => void run(() => downloadOrderPdf(loaded), 'PDF saved.', 'Failed to make the PDF.')}>
            Download PDF
          </button>
          {mayPurchase && order.status === 'Draft' && !editing && (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
                Edit
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void run(() => placeOrder(order.id), 'Order placed.', 'Failed to place the order.')}>
                Place Order
              </button>
            </>
          )}
          {mayReceive && receivable && !receiving && (
            <button type="button" className="btn btn-primary" onClick={() => setReceiving(true)}>
              Receive
            </button>
          )}
          {mayPurchase && isOpenOrder(order.status) && (
            <button type="button" className="btn btn-danger" onClick={() => void cancelWhole()}>
              Cancel Order
            </button>
          )}
        </div>
      </div>
      <div className="panel">
        <dl className="doc-facts order-facts">
          <div>
            <dt>Supplier</dt>
            <dd>{order.supplierName}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>
              {formatDate(order.createdAt)} by {order.createdBy}
            </dd>
          </div>
          <div>
            <dt>Ordered</dt>
            <dd>{order.orderedAt ? formatDate(order.orderedAt) : '—'}</dd>
          </div>
          {showCosts && (
            <div>
              <dt>Total</dt>
              <dd data-testid="order-total">{formatMoney(order.totalCents ?? 0)}</dd>
            </div>
          )}
          {order.note && (
            <div>
              <dt>Note</dt>
              <dd>{order.note}</dd>
            </div>
          )}
        </dl>
      </div>
      {editing ? (
        <DraftEditor
          existing={{ id: order.id, lineIds: lines.map((line) => line.id) }}
          initial={{ supplierId: order.supplierId, note: order.note, lines: lines.map(draftLineOf) }}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="panel">
          <OrderLines lines={lines} status={order.status} showCosts={showCosts} onCancelLine={mayPurchase ? (line) => void cancelLine(line) : undefined} />
        </div>
      )}
      {receiving && <ReceivePanel key={order.id} orderId={order.id} lines={lines} onDone={() => setReceiving(false)} />}
      {returnDelivery && <ReturnPanel key={returnDelivery.receipt.id} delivery={returnDelivery} onDone={() => setReturningFrom(null)} />}
      <div className="panel">
        <h2>Deliveries</h2>
        {deliveries && (
          <DeliveryList
            deliveries={deliveries}
            showCosts={showCosts}
            onReviewed={mayPurchase ? (receiptId) => void run(() => markDeliveryReviewed(receiptId), 'Marked as reviewed.', 'Failed to mark it reviewed.') : undefined}
            onReturn={mayPurchase ? (receiptId) => setReturningFrom(receiptId) : undefined}
            onReturnReviewed={mayPurchase ? (returnId) => void run(() => markSupplierReturnReviewed(returnId), 'Marked as reviewed.', 'Failed to mark it reviewed.') : undefined}
          />
        )}
      </div>
    </section>
  );
}
