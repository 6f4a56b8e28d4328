import type { MutationTx } from './mutation-tx';
import { applyEntity } from './entity';
import { createItem } from './items/create-item';
import { quickCreateItem } from './items/quick-create-item';
import { adjustStock } from './items/adjust-stock';
import { putItem } from './items/put-item';
import { quickCreateCustomer } from './customers/quick-create-customer';
import { createJobCard } from './job-cards/create-job-card';
import { updateJobCard } from './job-cards/update-job-card';
import { setJobCardStatus } from './job-cards/set-job-card-status';
import { deleteJobCard } from './job-cards/delete-job-card';
import { checkoutSale } from './sales/checkout-sale';
import { recordPayment } from './payments/record-payment';
import { recordBulkPayment } from './payments/record-bulk-payment';
import { markSaleReviewed } from './review/mark-sale-reviewed';
import { acceptHeldRefund } from './review/accept-held-refund';
import { settlePaidTwice } from './review/settle-paid-twice';
import { dismissNotice } from './notices/dismiss-notice';
import { returnSale } from './returns/return-sale';
import { recordExpense } from './expenses/record-expense';
import { openDrawer } from './drawer/open-drawer';
import { moveDrawerCash } from './drawer/move-drawer-cash';
import { closeDrawer } from './drawer/close-drawer';
import { createPurchaseOrder } from './purchasing/create-purchase-order';
import { updatePurchaseOrder } from './purchasing/update-purchase-order';
import { placePurchaseOrder } from './purchasing/place-purchase-order';
import { cancelPurchaseOrder } from './purchasing/cancel-purchase-order';
import { recordOpeningBalance } from './opening-balances/record-opening-balance';
import { createEstimate } from './estimates/create-estimate';
import { updateEstimate } from './estimates/update-estimate';
import { decideEstimate } from './estimates/decide-estimate';
import { receiveGoods } from './purchasing/receive-goods';
import { markReceiptReviewed } from './purchasing/mark-receipt-reviewed';
import { enterSupplierBill } from './purchasing/enter-supplier-bill';
import { paySupplier } from './purchasing/pay-supplier';
import { markSupplierReturnReviewed, returnToSupplier } from './purchasing/return-to-supplier';
import { recordWhatsappOpened } from './whatsapp/record-whatsapp-opened';
import { forEntityMutations, type EntityMutationName, type MutationArgs, type MutationName } from '@shared/mutations/definitions';

export type ServerApply<N extends MutationName> = (tx: MutationTx, args: MutationArgs<N>) => Promise<unknown>;

/** One server apply per mutation name; the type makes a missing one a compile error. */
export const serverMutators: { [N in MutationName]: ServerApply<N> } = {
  ...(forEntityMutations(applyEntity) as unknown as { [N in EntityMutationName]: ServerApply<N> }),
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
