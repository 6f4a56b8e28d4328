import { mutate } from '@/sync/mutate';

/** Draft → Ordered: the order goes to the supplier (print it or send its PDF). */
export async function placeOrder(id: string): Promise<void> {
  await mutate('placePurchaseOrder', { id });
}

/** What is still to come of one line, or of the whole order, is no longer expected. */
export async function cancelOrder(id: string, lineId?: string): Promise<void> {
  await mutate('cancelPurchaseOrder', lineId ? { id, lineId } : { id });
}
