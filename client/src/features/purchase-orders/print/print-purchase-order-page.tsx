import { useNavigate, useParams } from 'react-router-dom';
import { useLiveQuery } from 'dexie-react-hooks';
import { PrintPageFrame } from '@/components/print/print-page-frame';
import { loadPurchaseOrder } from '../api/load-purchase-order';
import { PurchaseOrderDocument } from './purchase-order-document';
import { orderPath, purchaseOrderPrintPath } from '../api/order-paths';

/** /print/purchase-orders/:id: the order alone on A4, read from this device (prints offline). */
export function PrintPurchaseOrderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const data = useLiveQuery(async () => (await loadPurchaseOrder(id)) ?? null, [id]);
  return (
    <PrintPageFrame
      data={data}
      notFoundMessage="This order is not on this device."
      title={(found) => `${found.order.orderNo} Purchase Order`}
      size="a4"
      pathFor={() => purchaseOrderPrintPath(id)}
      onBack={() => navigate(orderPath(id))}
    >
      {(found) => <PurchaseOrderDocument data={found} />}
    </PrintPageFrame>
  );
}
