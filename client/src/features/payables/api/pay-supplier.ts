import { mutate } from '@/sync/mutate';
import { newRecordId } from '@shared/sync/record-id';
import type { SupplierPaymentMethod } from '@shared/schemas/supplier-bill';

/**
 * Records money paid to a supplier on this device (a fact, offline too): in cash, out of this
 * register's open drawer session, whose pay-out it makes.
 */
export async function paySupplier(payment: {
  supplierId: string;
  billId?: string;
  amount: string;
  method: SupplierPaymentMethod;
  sessionId?: string;
  reference: string;
  note: string;
}): Promise<void> {
  const { billId, sessionId, ...rest } = payment;
  await mutate('paySupplier', {
    id: newRecordId(),
    ...rest,
    ...(billId ? { billId } : {}),
    ...(payment.method === 'Cash' && sessionId ? { sessionId } : {}),
  });
}
