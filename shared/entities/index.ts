import { categoriesEntity } from './categories';
import { customersEntity } from './customers';
import { itemsEntity } from './items';
import { servicesEntity } from './services';
import { companyEntity } from './company';
import { stockMovementsEntity } from './stock-movements';
import { jobCardsEntity } from './job-cards';
import { jobLinesEntity } from './job-lines';
import { jobStatusChangesEntity } from './job-status-changes';
import { invoicesEntity } from './invoices';
import { invoiceLinesEntity } from './invoice-lines';
import { paymentsEntity } from './payments';
import { noticesEntity } from './notices';
import { creditNotesEntity } from './credit-notes';
import { creditNoteLinesEntity } from './credit-note-lines';
import { expensesEntity } from './expenses';
import { drawerSessionsEntity } from './drawer-sessions';
import { drawerMovesEntity } from './drawer-moves';
import { suppliersEntity } from './suppliers';
import { purchaseOrdersEntity } from './purchase-orders';
import { purchaseOrderLinesEntity } from './purchase-order-lines';
import { cannedJobsEntity } from './canned-jobs';
import { estimatesEntity } from './estimates';
import { estimateLinesEntity } from './estimate-lines';
import { goodsReceiptsEntity } from './goods-receipts';
import { goodsReceiptLinesEntity } from './goods-receipt-lines';
import { supplierBillsEntity } from './supplier-bills';
import { supplierBillLinesEntity } from './supplier-bill-lines';
import { supplierPaymentsEntity } from './supplier-payments';
import { supplierReturnsEntity } from './supplier-returns';
import { supplierReturnLinesEntity } from './supplier-return-lines';
import { whatsappLogEntity } from './whatsapp-log';
import { serviceRemindersEntity } from './service-reminders';

/**
 * Every synced entity, in the order a pull and a reset walk them. A new synced table is a file in
 * this folder and a line here (plus its device migration and its server table: docs/architecture.md).
 */
export const entities = {
  categories: categoriesEntity,
  customers: customersEntity,
  items: itemsEntity,
  services: servicesEntity,
  company: companyEntity,
  stockMovements: stockMovementsEntity,
  jobCards: jobCardsEntity,
  jobLines: jobLinesEntity,
  jobStatusChanges: jobStatusChangesEntity,
  invoices: invoicesEntity,
  invoiceLines: invoiceLinesEntity,
  payments: paymentsEntity,
  notices: noticesEntity,
  creditNotes: creditNotesEntity,
  creditNoteLines: creditNoteLinesEntity,
  expenses: expensesEntity,
  drawerSessions: drawerSessionsEntity,
  drawerMoves: drawerMovesEntity,
  cannedJobs: cannedJobsEntity,
  estimates: estimatesEntity,
  estimateLines: estimateLinesEntity,
  suppliers: suppliersEntity,
  purchaseOrders: purchaseOrdersEntity,
  purchaseOrderLines: purchaseOrderLinesEntity,
  goodsReceipts: goodsReceiptsEntity,
  goodsReceiptLines: goodsReceiptLinesEntity,
  supplierBills: supplierBillsEntity,
  supplierBillLines: supplierBillLinesEntity,
  supplierPayments: supplierPaymentsEntity,
  supplierReturns: supplierReturnsEntity,
  supplierReturnLines: supplierReturnLinesEntity,
  whatsappLog: whatsappLogEntity,
  serviceReminders: serviceRemindersEntity,
} as const;

export type Entities = typeof entities;
export type EntityName = keyof Entities;
/** The stored row of an entity, as both sides keep it. */
export type RowOf<Name extends EntityName> = NonNullable<Entities[Name]['rowType']>;
/** The entities whose refused creates and edits reopen in their form (`problemForm`). */
export type ProblemFormEntity = { [Name in EntityName]: [NonNullable<Entities[Name]['problemForm']>] extends [never] ? never : Name }[EntityName];
/** The server's SQL table names of the entities. */
export type SqlTableName = Entities[EntityName]['sqlName'];
export const sqlTableNames = Object.values(entities).map((entity) => entity.sqlName) as SqlTableName[];

/** The plain entities (shared/entities/plain-entity.ts): their mutations, routes, tables and forms are made from their declarations. */
export type PlainEntityName = { [Name in EntityName]: Entities[Name] extends { plain: object } ? Name : never }[EntityName];
export const plainEntityNames = (Object.keys(entities) as EntityName[]).filter((name) => 'plain' in entities[name]) as PlainEntityName[];
