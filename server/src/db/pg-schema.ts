import * as sqlite from './schema';
import { pgTableOf } from './pg-derive';

// Issue 46: the PostgreSQL tables, each made from the SQLite table of the same name in schema.ts
// (pg-derive.ts maps the types). Only the list is written here: drizzle-kit reads a schema file's
// named exports, so each table is one line. A SQLite table missing here fails the compile check
// below and server/test/pg-schema-parity.test.ts. Migrations: server/drizzle-pg (drizzle-pg.config.ts).

export const appliedMutations = pgTableOf(sqlite.appliedMutations);
export const cannedJobs = pgTableOf(sqlite.cannedJobs);
export const categories = pgTableOf(sqlite.categories);
export const company = pgTableOf(sqlite.company);
export const companyLogos = pgTableOf(sqlite.companyLogos);
export const counters = pgTableOf(sqlite.counters);
export const creditNoteLines = pgTableOf(sqlite.creditNoteLines);
export const creditNotes = pgTableOf(sqlite.creditNotes);
export const customers = pgTableOf(sqlite.customers);
export const devices = pgTableOf(sqlite.devices);
export const drawerMoves = pgTableOf(sqlite.drawerMoves);
export const drawerSessions = pgTableOf(sqlite.drawerSessions);
export const estimateLines = pgTableOf(sqlite.estimateLines);
export const estimates = pgTableOf(sqlite.estimates);
export const expenses = pgTableOf(sqlite.expenses);
export const fieldEdits = pgTableOf(sqlite.fieldEdits);
export const goodsReceiptLines = pgTableOf(sqlite.goodsReceiptLines);
export const goodsReceipts = pgTableOf(sqlite.goodsReceipts);
export const invoiceLines = pgTableOf(sqlite.invoiceLines);
export const invoices = pgTableOf(sqlite.invoices);
export const items = pgTableOf(sqlite.items);
export const jobCards = pgTableOf(sqlite.jobCards);
export const jobLines = pgTableOf(sqlite.jobLines);
export const jobStatusChanges = pgTableOf(sqlite.jobStatusChanges);
export const meta = pgTableOf(sqlite.meta);
export const notices = pgTableOf(sqlite.notices);
export const payments = pgTableOf(sqlite.payments);
export const purchaseOrderLines = pgTableOf(sqlite.purchaseOrderLines);
export const purchaseOrders = pgTableOf(sqlite.purchaseOrders);
export const serviceReminders = pgTableOf(sqlite.serviceReminders);
export const services = pgTableOf(sqlite.services);
export const stockMovements = pgTableOf(sqlite.stockMovements);
export const supplierBillLines = pgTableOf(sqlite.supplierBillLines);
export const supplierBills = pgTableOf(sqlite.supplierBills);
export const supplierPayments = pgTableOf(sqlite.supplierPayments);
export const supplierReturnLines = pgTableOf(sqlite.supplierReturnLines);
export const supplierReturns = pgTableOf(sqlite.supplierReturns);
export const suppliers = pgTableOf(sqlite.suppliers);
export const taxHistory = pgTableOf(sqlite.taxHistory);
export const tokens = pgTableOf(sqlite.tokens);
export const users = pgTableOf(sqlite.users);
export const versionLog = pgTableOf(sqlite.versionLog);
export const whatsappLog = pgTableOf(sqlite.whatsappLog);
