import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { purchaseMessages } from '@shared/schemas/purchase-order';
import { liveOrder } from './order-rows';

/** Draft → Ordered. An order already placed is placed (the same outcome twice); a cancelled one is refused. */
export async function placePurchaseOrder(tx: MutationTx, args: MutationArgs<'placePurchaseOrder'>) {
  const order = await liveOrder(tx, args.id);
  if (order.status === 'Cancelled') throw badRequest(purchaseMessages.cancelled);
  if (order.status !== 'Draft') return order;
  await tx.update('purchaseOrders', args.id, { status: 'Ordered', orderedAt: tx.happenedAt });
  return (await tx.find('purchaseOrders', args.id))!;
}
