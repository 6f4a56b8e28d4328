import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { orderFromLowStock, orderedWords } from '@/lib/purchasing/order-from-low-stock';

/** 'Order' (issue 44): a draft per usual supplier with what is below its reorder level, then the orders list. */
export function OrderButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function order() {
    setBusy(true);
    try {
      const made = await orderFromLowStock();
      toast.success(orderedWords(made));
      if (made.orderIds.length > 0) navigate(paths.purchaseOrders);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Failed to make the draft orders.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void order()}>
      {busy ? 'Ordering…' : 'Order'}
    </button>
  );
}
