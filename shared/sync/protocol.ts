// What a device's build and the server tell each other about their versions, so that a build can
// add synced tables and mutations without a device losing rows or changes (docs/architecture.md, Sync).
// No zod here: the client's entry bundle imports it.
import { syncedTables, type SyncedTable } from './tables';

/**
 * The sync protocol this build speaks. Raise it whenever a build adds a synced table or a mutation,
 * or changes a message: a server older than a device then holds the device's new changes on the
 * device instead of refusing them for good, and a server can refuse builds below its minimum.
 * 1: pulls did not name their tables. 2: pulls name the tables the build stores; pushes name the protocol.
 * 3: the notices table and dismissNotice; pushed entries carry the device's clock offset.
 * 4: returns: the creditNotes and creditNoteLines tables and returnSale.
 * 5: expenses: the expenses table and recordExpense.
 * 6: payments carry their register; the drawerSessions and drawerMoves tables, openDrawer, moveDrawerCash, closeDrawer.
 * 7: issue 42: acceptHeldRefund (a refund beyond its lines' worth, accepted); payments carry a review state and
 *    markSaleReviewed takes kind 'payment'; entries carry their author's signature.
 *    Row read scopes (a register's cash): a pull's readScope names row rules, /records names the device;
 *    a build from 7 on drops the rows its user may not read, so a server may refuse older ones.
 * 8: issue 47: checkoutSale's payment may carry `amount` (a part payment, `tendered` then what was
 *    handed over, the rest change), which an older server would drop and record the change as paid.
 *    checkoutSale may carry `rounding` (a cash sale rounded to the rupee), which an older server would
 *    drop and then refuse the sale's total; invoices carry roundingCents.
 *    The company record's vatNumber, itemisedReceipt and roundCash fields (an older server keeps none).
 *    Also settlePaidTwice (a payment taken twice, refunded or kept as credit); recordPayment carries the due
 *    its screen showed (dueShown); a drawer session counts its register's cash taken while closed before it.
 *    And issue 43: recordOpeningBalance; invoices carry openingBalance, dueDate and note.
 * 9: issue 45: cannedJobs (createCannedJob, updateCannedJob, deleteCannedJob); estimates and their
 *    lines (createEstimate, updateEstimate, decideEstimate).
 * 10: issue 44, purchasing: the suppliers table and createSupplier, updateSupplier, deleteSupplier; items'
 *    supplierId, supplierPartNo and lastCostCents; the purchaseOrders and purchaseOrderLines tables and
 *    createPurchaseOrder, updatePurchaseOrder, placePurchaseOrder, cancelPurchaseOrder; the goodsReceipts and
 *    goodsReceiptLines tables, receiveGoods (a fact that waits for its order: notYetStatus) and markReceiptReviewed.
 * 11: issue 43, the import: createItem and updateItem may carry warrantyMonths, quickCreateCustomer
 *    may carry city and contactPerson; an older server would drop them and keep the record without.
 * 12: issue 44, what the shop owes its suppliers: the supplierBills, supplierBillLines, supplierPayments,
 *    supplierReturns and supplierReturnLines tables (read only by those who read costs); enterSupplierBill and
 *    paySupplier (a fact; in cash, a pay-out that leans on its drawer session); returnToSupplier
 *    (a fact that waits for its delivery: notYetStatus) and markSupplierReturnReviewed.
 * 13: issue 45, WhatsApp: the whatsappLog table and recordWhatsappOpened; customers' language and
 *    noReminders (createCustomer, updateCustomer and, from an import, quickCreateCustomer may carry them);
 *    the company record's nine WhatsApp templates (whatsappReminderEn …). An older server would drop the
 *    new fields and keep the record without.
 *    And the reminders: services carry intervalMonths and intervalKm; the serviceReminders table and
 *    saveServiceReminder (an upsert, the later save stands) and deleteServiceReminder.
 */
export const syncProtocol = 13;

/** The oldest protocol this server still serves; an older build is told to update (HTTP 426). */
export const minimumSyncProtocol = 1;

/**
 * What a protocol 1 build stored: a pull that names no tables is answered these and no others, so a
 * table added later never moves such a device's cursor past rows it drops.
 */
export const protocolOneTables: readonly SyncedTable[] = [
  'categories',
  'customers',
  'items',
  'services',
  'company',
  'stockMovements',
  'jobCards',
  'jobLines',
  'jobStatusChanges',
  'invoices',
  'invoiceLines',
  'payments',
];

/** A device's build as the sync sees it: its protocol and the synced tables it can store. */
export interface SyncBuild {
  protocol: number;
  /** Names, not SyncedTable: a build newer than the server names tables the server does not know. */
  tables: readonly string[];
}

export const thisBuild: SyncBuild = { protocol: syncProtocol, tables: syncedTables };

/** The answer to a pull or push from a build below the server's minimum: the update prompt shows it. */
export const updateRequiredStatus = 426;
export const updateRequiredMessage = 'This app is too old for the server. Reload to update it: changes not yet sent stay on this device and are sent after the update.';

/**
 * The refusal of a mutation the server does not know, pushed by a build newer than the server: not
 * recorded on the server and kept in the device's outbox, sent again on later syncs until a server
 * that knows it applies it. (The same name from a build no newer than the server is refused for good.)
 */
export const olderServerStatus = 501;
export const olderServerMessage = (name: string) =>
  `The server runs an older version than this app and does not know this change (${name}) yet. It stays on this device and is sent once the server is updated.`;

/**
 * The answer to a device's fact that leans on a record the server does not hold yet (a return whose
 * sale is still on its way, or was taken back by a restore and is being sent again): not recorded on
 * the server, and kept in the device's outbox until the record arrives (facts stand: refusing it
 * would lose the refund). 'Too Early', as the record it needs is later.
 */
export const notYetStatus = 425;
export const notYetMessages = {
  saleOfReturn: 'The sale this return is for has not reached the server yet. The return stays on this device and is sent again once the sale is there.',
  drawerSession: 'The drawer session this is for has not reached the server yet. It stays on this device and is sent again once the session is there.',
};

/** The longest table list a pull may name. */
export const maxPullTables = 100;
