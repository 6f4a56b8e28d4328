import type { LocalTx } from '../local-tx';
import { applyEntityLocally } from './entity';
import { adjustStock, createItem, putItem, quickCreateItem } from './items';
import { checkoutSale } from './sales';
import { recordBulkPayment, recordPayment } from './payments';
import { acceptHeldRefund, markSaleReviewed, settlePaidTwice } from './review';
import { dismissNotice } from './notices';
import { returnSale } from './returns';
import { recordExpense } from './expenses';
import { closeDrawer, moveDrawerCash, openDrawer } from './drawer';
import { cancelPurchaseOrder, createPurchaseOrder, placePurchaseOrder, updatePurchaseOrder } from './purchase-orders';
import { recordOpeningBalance } from './opening-balances';
import { markReceiptReviewed, receiveGoods } from './receiving';
import { enterSupplierBill, paySupplier } from './supplier-bills';
import { markSupplierReturnReviewed, returnToSupplier } from './supplier-returns';
import { recordWhatsappOpened } from './whatsapp';
import { createJobCard, deleteJobCard, quickCreateCustomer, setJobCardStatus, updateJobCard } from './job-cards';
import { createEstimate, decideEstimate, updateEstimate } from './estimates';
import { forEntityMutations, type EntityMutationName, type MutationArgs, type MutationName } from '@shared/mutations/definitions';

export type LocalApply<N extends MutationName> = (tx: LocalTx, args: MutationArgs<N>) => Promise<void>;

/** One optimistic apply per mutation name (the server's are in server/src/mutations/registry.ts). */
export const localMutators: { [N in MutationName]: LocalApply<N> } = {
  ...(forEntityMutations(applyEntityLocally) as unknown as { [N in EntityMutationName]: LocalApply<N> }),
  createItem,
  quickCreateItem,
  adjustStock,
  putItem,
  quickCreateCustomer,
  createJobCard,
  updateJobCard,
  setJobCardStatus,
  deleteJobCard,
  checkoutSale,
  recordPayment,
  recordBulkPayment,
  markSaleReviewed,
  acceptHeldRefund,
  settlePaidTwice,
  dismissNotice,
  returnSale,
  recordExpense,
  openDrawer,
  moveDrawerCash,
  closeDrawer,
  createPurchaseOrder,
  updatePurchaseOrder,
  placePurchaseOrder,
  cancelPurchaseOrder,
  recordOpeningBalance,
  createEstimate,
  updateEstimate,
  decideEstimate,
  receiveGoods,
  markReceiptReviewed,
  enterSupplierBill,
  paySupplier,
  returnToSupplier,
  markSupplierReturnReviewed,
  recordWhatsappOpened,
};
