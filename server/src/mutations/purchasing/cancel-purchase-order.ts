import { badRequest } from '@server/http/errors';
import type { MutationTx } from '../mutation-tx';
import type { MutationArgs } from '@shared/mutations/definitions';
import { cancelEffect } from '@shared/mutations/purchase-orders';
import { purchaseMessages } from '@shared/schemas/purchase-order';
import { liveOrder, orderLines } from './order-rows';

/**
 * What is still to come of a line, or of every line, is no longer expected: worked out here from
 * what the server holds as received, so a receipt that arrived first is not cancelled away. Goods
 * that come after all are received and raised as over-received (receiving is a fact).
 */
export async function cancelPurchaseOrder(tx: MutationTx, args: MutationArgs<'cancelPurchaseOrder'>) {
  const order = await liveOrder(tx, args.id);
  const lines = await orderLines(tx, args.id);
  if (args.lineId !== undefined && !lines.some((line) => line.id === args.lineId)) throw badRequest(purchaseMessages.lineNotOnOrder);
  const { changed, status, totalCents } = cancelEffect(order, lines, args.lineId);
  for (const line of changed) await tx.update('purchaseOrderLines', line.id, { cancelledHundredths: line.cancelledHundredths });
  if (changed.length > 0 || status !== order.status) await tx.update('purchaseOrders', args.id, { status, totalCents });
  return (await tx.find('purchaseOrders', args.id))!;
}
