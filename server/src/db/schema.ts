import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { receiptLayouts } from '@shared/schemas/company';
import { saleReviewStates } from '@shared/domain/sale-review';
import { refundMethods, returnDispositions, returnReasons } from '@shared/schemas/return';
import { expensePaidFrom } from '@shared/schemas/expense';
import { categoriesEntity } from '@shared/entities/categories';
import { servicesEntity } from '@shared/entities/services';
import { suppliersEntity } from '@shared/entities/suppliers';
import { purchaseOrderStatuses } from '@shared/schemas/purchase-order';
import { cannedJobsEntity } from '@shared/entities/canned-jobs';
import { receiptLineIssues } from '@shared/schemas/receipt';
import { movementReasons } from '@shared/schemas/stock';
import { supplierPaymentMethods } from '@shared/schemas/supplier-bill';
import { messageLanguages, whatsappKinds } from '@shared/domain/whatsapp-templates';
import { plainColumns, synced } from './plain-columns';
import type { ReminderService } from '@shared/schemas/service-reminder';

// Every synced table: a device-made id, the server's version (strictly increasing across all
// tables, see counters.version) and a tombstone flag instead of deleting rows (plain-columns.ts).

/** A fact's arrival and clock flag (shared/domain/device-time.ts, FactTimes); '' and 0 on rows from before. */
const factTimes = () => ({
  receivedAt: text('receivedAt').notNull().default(''),
  clockAheadMs: integer('clockAheadMs').notNull().default(0),
});

// The plain entities' tables are made from their declarations (shared/entities, plain-columns.ts).
export const categories = sqliteTable('categories', { ...synced(), ...plainColumns(categoriesEntity.plain) }, (t) => [index('categories_version').on(t.version)]);

export interface Vehicle {
  make: string;
  model: string;
  year: number;
  licensePlate: string;
  vin: string;
}

export const customers = sqliteTable(
  'customers',
  {
    ...synced(),
    customerName: text('customerName').notNull(),
    contactPerson: text('contactPerson').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    isGuest: integer('isGuest', { mode: 'boolean' }).notNull().default(false),
    customerType: text('customerType', { enum: ['regular', 'guest'] })
      .notNull()
      .default('regular'),
    vehicles: text('vehicles', { mode: 'json' })
      .$type<Vehicle[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The language of their WhatsApp messages (issue 45); 'en' for every customer before it. */
    language: text('language', { enum: messageLanguages }).notNull().default('en'),
    /** Left out of reminders (issue 45). */
    noReminders: integer('noReminders', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('customers_version').on(t.version)],
);

export const items = sqliteTable(
  'items',
  {
    ...synced(),
    itemName: text('itemName').notNull(),
    barcode: text('barcode').notNull(),
    categoryId: text('categoryId'),
    unitPriceCents: integer('unitPriceCents').notNull().default(0),
    costPriceCents: integer('costPriceCents').notNull().default(0),
    // Exact stock in hundredths, kept in step with the movements in the same transaction.
    stockHundredths: integer('stockHundredths').notNull().default(0),
    reorderLevel: integer('reorderLevel').notNull().default(0),
    description: text('description').notNull().default(''),
    isService: integer('isService', { mode: 'boolean' }).notNull().default(false),
    warrantyMonths: integer('warrantyMonths').notNull().default(0),
    // Purchasing (issue 44): the usual supplier, its part number, and what the last receipt paid.
    supplierId: text('supplierId'),
    supplierPartNo: text('supplierPartNo').notNull().default(''),
    lastCostCents: integer('lastCostCents').notNull().default(0),
  },
  (t) => [
    index('items_version').on(t.version),
    // A barcode belongs to one live item; a deleted item frees it.
    uniqueIndex('items_barcode_live')
      .on(t.barcode)
      .where(sql`deleted = 0`),
    // The low stock report reads the few items below a threshold, not all 50,000.
    index('items_stock').on(t.stockHundredths),
  ],
);

/** The append-only stock ledger: an item's stock is its opening plus the sum of these. */
export const stockMovements = sqliteTable(
  'stock_movements',
  {
    ...synced(),
    itemId: text('itemId').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    reason: text('reason', { enum: movementReasons }).notNull(),
    source: text('source').notNull().default(''),
    note: text('note').notNull().default(''),
    mutationId: text('mutationId').notNull(),
    userId: text('userId').notNull(),
    createdAt: text('createdAt').notNull(),
    ...factTimes(),
  },
  (t) => [index('stock_movements_version').on(t.version), index('stock_movements_item').on(t.itemId, t.version)],
);

export const services = sqliteTable('services', { ...synced(), ...plainColumns(servicesEntity.plain) }, (t) => [
  index('services_version').on(t.version),
  uniqueIndex('services_service_id').on(t.serviceId),
]);

export const company = sqliteTable(
  'company',
  {
    ...synced(),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    footer: text('footer').notNull().default(''),
    logoUrl: text('logoUrl').notNull().default(''),
    taxRatePercent: real('taxRatePercent').notNull().default(0),
    pricesIncludeTax: integer('pricesIncludeTax', { mode: 'boolean' }).notNull().default(true),
    // Which receipt the printer takes: 'square' (5.5 × 5.5 in) or 'thermal80' (an 80 mm roll).
    receiptLayout: text('receiptLayout', { enum: receiptLayouts }).notNull().default('square'),
    /** The shop's expense categories, one per line; '' keeps the starting list (issue 27). */
    expenseCategories: text('expenseCategories').notNull().default(''),
    /** A VAT-registered shop's number, printed on its Tax Invoices; '' when not registered (issue 47). */
    vatNumber: text('vatNumber').notNull().default(''),
    /** Whether receipts list the sale's lines (issue 47). */
    itemisedReceipt: integer('itemisedReceipt', { mode: 'boolean' }).notNull().default(false),
    /** Whether cash sales are rounded to the rupee (issue 47). */
    roundCash: integer('roundCash', { mode: 'boolean' }).notNull().default(false),
    /** The shop's WhatsApp templates, per kind and language; '' is the default (issue 45). */
    whatsappReminderEn: text('whatsappReminderEn').notNull().default(''),
    whatsappReminderSi: text('whatsappReminderSi').notNull().default(''),
    whatsappReminderTa: text('whatsappReminderTa').notNull().default(''),
    whatsappDeclinedEn: text('whatsappDeclinedEn').notNull().default(''),
    whatsappDeclinedSi: text('whatsappDeclinedSi').notNull().default(''),
    whatsappDeclinedTa: text('whatsappDeclinedTa').notNull().default(''),
    whatsappEstimateEn: text('whatsappEstimateEn').notNull().default(''),
    whatsappEstimateSi: text('whatsappEstimateSi').notNull().default(''),
    whatsappEstimateTa: text('whatsappEstimateTa').notNull().default(''),
  },
  (t) => [index('company_version').on(t.version)],
);

/**
 * The company's logos (issue 24, point 2): the company record names its logo by path
 * (`/api/company/logo/<id>`), so pulls, record states and the applied log carry a few bytes instead
 * of up to 2 MB. One row per logo saved; a row never changes, so it is served with an immutable
 * cache. Not synced: devices fetch the image, and their service worker keeps it for offline printing.
 */
export const companyLogos = sqliteTable('company_logos', {
  id: text('id').primaryKey(),
  dataUrl: text('dataUrl').notNull(),
  createdAt: text('createdAt').notNull(),
});

/**
 * The company's tax settings, one row per change, with the time the change happened (issue 24,
 * point 8): a sale is checked against the setting in force when it was made, not the one in force
 * when it reached the server. Written by the company's save (mutations/entity-rules.ts). Not synced.
 */
export const taxHistory = sqliteTable(
  'tax_history',
  {
    id: text('id').primaryKey(),
    taxRatePercent: real('taxRatePercent').notNull(),
    pricesIncludeTax: integer('pricesIncludeTax', { mode: 'boolean' }).notNull(),
    effectiveAt: text('effectiveAt').notNull(),
  },
  (t) => [index('tax_history_effective').on(t.effectiveAt)],
);

/** Job cards (spec 3). Lines and status history are rows of their own, so two tablets' edits both stand. */
export const jobCards = sqliteTable(
  'job_cards',
  {
    ...synced(),
    // JOB-0001, assigned by the server; null never leaves the server (a device shows 'pending' until it pulls the number).
    jobNumber: text('jobNumber'),
    customerId: text('customerId').notNull(),
    customerName: text('customerName').notNull().default(''),
    customerPhone: text('customerPhone').notNull().default(''),
    vehicleLicensePlate: text('vehicleLicensePlate').notNull(),
    vehicleMake: text('vehicleMake').notNull().default(''),
    vehicleModel: text('vehicleModel').notNull().default(''),
    currentMileage: integer('currentMileage').notNull().default(0),
    previousMileage: integer('previousMileage'),
    dateIn: text('dateIn').notNull(),
    jobType: text('jobType').notNull().default(''),
    promisedDate: text('promisedDate').notNull().default(''),
    promisedTime: text('promisedTime').notNull().default(''),
    actionTaken: text('actionTaken').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['Open', 'Suspended', 'Finished'] })
      .notNull()
      .default('Open'),
    mechanicId: text('mechanicId'),
    mechanicName: text('mechanicName').notNull().default(''),
    invoiceId: text('invoiceId'),
    invoiceNo: text('invoiceNo'),
    createdAt: text('createdAt').notNull(),
    finishedAt: text('finishedAt'),
  },
  (t) => [
    index('job_cards_version').on(t.version),
    uniqueIndex('job_cards_job_number').on(t.jobNumber),
    index('job_cards_status_date').on(t.status, t.dateIn),
    index('job_cards_plate_date').on(t.vehicleLicensePlate, t.dateIn),
    index('job_cards_customer').on(t.customerId),
    index('job_cards_date').on(t.dateIn),
    // The dashboard's 'Finished Jobs' counts today's finishes.
    index('job_cards_finished').on(t.finishedAt),
  ],
);

export const jobLines = sqliteTable(
  'job_lines',
  {
    ...synced(),
    jobCardId: text('jobCardId').notNull(),
    kind: text('kind', { enum: ['item', 'service'] }).notNull(),
    refId: text('refId'),
    name: text('name').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitPriceCents: integer('unitPriceCents').notNull(),
    totalCents: integer('totalCents').notNull(),
    warranty: text('warranty').notNull().default(''),
    warrantyMonths: integer('warrantyMonths').notNull().default(0),
    quickAdded: integer('quickAdded', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('createdAt').notNull(),
  },
  (t) => [index('job_lines_version').on(t.version), index('job_lines_job').on(t.jobCardId)],
);

/** Every status move of a job: who, when, from, to (decisions.md, Job cards). Append-only. */
export const jobStatusChanges = sqliteTable(
  'job_status_changes',
  {
    ...synced(),
    jobCardId: text('jobCardId').notNull(),
    fromStatus: text('fromStatus', { enum: ['Open', 'Suspended', 'Finished'] }),
    toStatus: text('toStatus', { enum: ['Open', 'Suspended', 'Finished'] }).notNull(),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    at: text('at').notNull(),
    ...factTimes(),
  },
  (t) => [index('job_status_changes_version').on(t.version), index('job_status_changes_job').on(t.jobCardId)],
);

/**
 * Sales invoices (spec 3). The number is made on the register (INV-<device code>-<sequence>) and
 * final at once; the unique index is the server's check. Totals are the server's recomputation.
 * What is paid is never stored here: it is the sum of the invoice's payments.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    ...synced(),
    invoiceNo: text('invoiceNo').notNull(),
    date: text('date').notNull(),
    customerId: text('customerId'),
    guest: integer('guest', { mode: 'boolean' }).notNull().default(false),
    customerName: text('customerName').notNull().default(''),
    customerPhone: text('customerPhone').notNull().default(''),
    customerAddress: text('customerAddress').notNull().default(''),
    jobCardId: text('jobCardId'),
    vehicleLicensePlate: text('vehicleLicensePlate').notNull().default(''),
    vehicleMake: text('vehicleMake').notNull().default(''),
    vehicleModel: text('vehicleModel').notNull().default(''),
    currentMileage: integer('currentMileage'),
    taxRatePercent: real('taxRatePercent').notNull().default(0),
    pricesIncludeTax: integer('pricesIncludeTax', { mode: 'boolean' }).notNull().default(true),
    grossCents: integer('grossCents').notNull(),
    discountCents: integer('discountCents').notNull(),
    subTotalCents: integer('subTotalCents').notNull(),
    taxCents: integer('taxCents').notNull(),
    totalCents: integer('totalCents').notNull(),
    /** A cash sale rounded to the rupee: the rounding line, in the total (issue 47); 0 otherwise. */
    roundingCents: integer('roundingCents').notNull().default(0),
    soldById: text('soldById').notNull(),
    soldBy: text('soldBy').notNull(),
    createdAt: text('createdAt').notNull(),
    // Kept from the payments by shared/mutations/payments.ts invoiceStanding whenever one is written.
    paidCents: integer('paidCents').notNull().default(0),
    dueCents: integer('dueCents').notNull().default(0),
    status: text('status', { enum: ['Paid', 'Due'] })
      .notNull()
      .default('Due'),
    // Σ of its credit notes' worth (returns): payments are set against the total less this.
    returnedCents: integer('returnedCents').notNull().default(0),
    // A sale recorded although it conflicts (a second sale of an invoiced job, a job deleted
    // meanwhile): the money stands, a Manager or Admin reviews it (shared/domain/sale-review.ts).
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    duplicateOfId: text('duplicateOfId'),
    reviewedById: text('reviewedById'),
    reviewedBy: text('reviewedBy').notNull().default(''),
    reviewedAt: text('reviewedAt'),
    // An opening balance (issue 43): a debt of the old books in the OB- series, due by the date it
    // states (dueDate; '' for a sale, due 14 days after its date), counted by no sales figure.
    openingBalance: integer('openingBalance', { mode: 'boolean' }).notNull().default(false),
    dueDate: text('dueDate').notNull().default(''),
    note: text('note').notNull().default(''),
    ...factTimes(),
  },
  (t) => [
    index('invoices_version').on(t.version),
    index('invoices_status_date').on(t.status, t.date),
    uniqueIndex('invoices_invoice_no').on(t.invoiceNo),
    index('invoices_customer_date').on(t.customerId, t.date),
    index('invoices_job').on(t.jobCardId),
    index('invoices_date').on(t.date),
  ],
);

export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    ...synced(),
    invoiceId: text('invoiceId').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['item', 'service'] }).notNull(),
    refId: text('refId'),
    name: text('name').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitPriceCents: integer('unitPriceCents').notNull(),
    discountPercent: real('discountPercent').notNull().default(0),
    totalCents: integer('totalCents').notNull(),
    taxCents: integer('taxCents').notNull(),
    warrantyMonths: integer('warrantyMonths').notNull().default(0),
    /**
     * A part's cost to the shop when the server recorded its sale: the item's average cost then
     * (issue 44), so a later receipt changes no past month's result. Null for a service, a part the
     * server did not know, and lines sold before costs were kept. Managers and Admins read it.
     */
    costCents: integer('costCents'),
  },
  (t) => [index('invoice_lines_version').on(t.version), index('invoice_lines_invoice').on(t.invoiceId, t.position)],
);

/** Payments: append-only records; an invoice's paid amount and due are derived from them. */
export const payments = sqliteTable(
  'payments',
  {
    ...synced(),
    invoiceId: text('invoiceId').notNull(),
    customerId: text('customerId'),
    amountCents: integer('amountCents').notNull(),
    tenderedCents: integer('tenderedCents').notNull().default(0),
    method: text('method').notNull(),
    date: text('date').notNull(),
    note: text('note').notNull().default(''),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    /** The bulk payment this one is an allocation of (its receipt lists them), or null. */
    bulkId: text('bulkId'),
    /** The register that took it (its device code), '' over REST: its cash drawer counts it (issue 27). */
    register: text('register').notNull().default(''),
    ...factTimes(),
    /** 'open' while it waits in Sales to Review: taken on an invoice the server does not hold (issue 42). */
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    reviewedById: text('reviewedById'),
    reviewedBy: text('reviewedBy').notNull().default(''),
    reviewedAt: text('reviewedAt'),
  },
  (t) => [
    index('payments_version').on(t.version),
    index('payments_invoice').on(t.invoiceId),
    index('payments_date').on(t.date),
    index('payments_bulk').on(t.bulkId),
    // A Z report reads its register's payments by time.
    index('payments_register').on(t.register, t.createdAt),
  ],
);

/** Credit notes: one return of one invoice each, final when made (shared/schemas/return.ts). */
export const creditNotes = sqliteTable(
  'credit_notes',
  {
    ...synced(),
    creditNoteNo: text('creditNoteNo').notNull(),
    invoiceId: text('invoiceId').notNull(),
    invoiceNo: text('invoiceNo').notNull(),
    customerId: text('customerId'),
    customerName: text('customerName').notNull().default(''),
    date: text('date').notNull(),
    reason: text('reason', { enum: returnReasons }).notNull(),
    note: text('note').notNull().default(''),
    subTotalCents: integer('subTotalCents').notNull(),
    taxCents: integer('taxCents').notNull(),
    totalCents: integer('totalCents').notNull(),
    reducedDueCents: integer('reducedDueCents').notNull(),
    refundCents: integer('refundCents').notNull(),
    refundMethod: text('refundMethod', { enum: refundMethods }).notNull(),
    refundPaymentId: text('refundPaymentId'),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    reviewedById: text('reviewedById'),
    reviewedBy: text('reviewedBy').notNull().default(''),
    reviewedAt: text('reviewedAt'),
    ...factTimes(),
  },
  (t) => [
    index('credit_notes_version').on(t.version),
    uniqueIndex('credit_notes_number').on(t.creditNoteNo),
    index('credit_notes_invoice').on(t.invoiceId),
    index('credit_notes_date').on(t.date),
  ],
);

/** A credit note's lines: which sale line came back, how much, what it was worth and where the part went. */
export const creditNoteLines = sqliteTable(
  'credit_note_lines',
  {
    ...synced(),
    creditNoteId: text('creditNoteId').notNull(),
    invoiceId: text('invoiceId').notNull(),
    invoiceLineId: text('invoiceLineId').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ['item', 'service'] }).notNull(),
    refId: text('refId'),
    name: text('name').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitPriceCents: integer('unitPriceCents').notNull(),
    discountPercent: real('discountPercent').notNull().default(0),
    totalCents: integer('totalCents').notNull(),
    taxCents: integer('taxCents').notNull(),
    disposition: text('disposition', { enum: returnDispositions }),
    supplierName: text('supplierName').notNull().default(''),
  },
  (t) => [index('credit_note_lines_version').on(t.version), index('credit_note_lines_credit_note').on(t.creditNoteId), index('credit_note_lines_invoice').on(t.invoiceId)],
);

/** Messages for one user made by the server (shared/schemas/notice.ts): their edit replaced by a later one. */
export const notices = sqliteTable(
  'notices',
  {
    ...synced(),
    userId: text('userId').notNull(),
    message: text('message').notNull(),
    recordTable: text('recordTable').notNull(),
    recordId: text('recordId').notNull(),
    createdAt: text('createdAt').notNull(),
    dismissed: integer('dismissed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('notices_version').on(t.version)],
);

/**
 * The last edit of each field of each record (not synced): when it happened in the server's clock,
 * when it arrived, by whom, and its mutation (ties of time go by mutation id). An edit that happened
 * before the one stored loses, whatever order they arrive in (server/src/mutations/later-edit-wins.ts).
 */
export const fieldEdits = sqliteTable(
  'field_edits',
  {
    tableName: text('tableName').notNull(),
    rowId: text('rowId').notNull(),
    field: text('field').notNull(),
    at: text('at').notNull(),
    receivedAt: text('receivedAt').notNull(),
    mutationId: text('mutationId').notNull(),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowId, t.field] })],
);

/** Each device's short code, given at its first login, for its invoice numbers (decisions.md). Not synced. */
export const devices = sqliteTable('devices', {
  clientId: text('clientId').primaryKey(),
  code: text('code').notNull().unique(),
  userId: text('userId').notNull(),
  createdAt: text('createdAt').notNull(),
  /** When the device last pushed or pulled (to the minute): an Admin's bell names a register silent for a day (issue 28). */
  lastContactAt: text('lastContactAt'),
  /** The name an Admin gave the register ('Counter 1'), shown beside its code (issue 47); '' until named. */
  name: text('name').notNull().default(''),
  /**
   * The device's own secret (sync/device-keys.ts), made on it and taken at its first check-in: its pushes and pulls carry it, so
   * no other device can act or read as this register by naming its clientId. Null for a register
   * registered before keys, until its next check-in.
   */
  key: text('key'),
});

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  phoneNo: text('phoneNo').notNull().default(''),
  username: text('username').notNull().default(''),
  role: text('role', { enum: ['Admin', 'Manager', 'Staff'] }).notNull(),
  status: integer('status', { mode: 'boolean' }).notNull().default(false),
  passwordHash: text('passwordHash').notNull(),
  createdAt: text('createdAt').notNull(),
  updatedAt: text('updatedAt').notNull(),
});

export const tokens = sqliteTable(
  'tokens',
  {
    tokenHash: text('tokenHash').primaryKey(),
    userId: text('userId').notNull(),
    createdAt: text('createdAt').notNull(),
    expiresAt: integer('expiresAt').notNull(),
    revokedAt: text('revokedAt'),
  },
  (t) => [index('tokens_user').on(t.userId)],
);

// Exactly once: a mutation id (outbox id or Idempotency-Key) is recorded in the same
// transaction that applies it; a rejection is recorded too, so a replay answers the same.
export const appliedMutations = sqliteTable('applied_mutations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  userId: text('userId').notNull(),
  status: text('status', { enum: ['applied', 'rejected'] }).notNull(),
  httpStatus: integer('httpStatus').notNull(),
  message: text('message'),
  result: text('result', { mode: 'json' }),
  /** The version its rows were written at (null: it wrote nothing), so a replay can say where. */
  version: integer('version'),
  createdAt: text('createdAt').notNull(),
  /**
   * For a REST request with an Idempotency-Key: a digest of its method, path and body, so the key
   * reused for another request is refused (422) instead of answered with the first one's result.
   */
  requestHash: text('requestHash'),
  /** When it happened (MutationTx.happenedAt: a device's corrected time, or its arrival); null on rows from before. */
  happenedAt: text('happenedAt'),
});

/**
 * One row per version ever given out, with a random nonce. A device's cursor names a version and
 * its nonce: after a restore from a backup the same number may be given out again, with another
 * nonce, and the device learns that its cursor belongs to a history the server no longer has.
 */
export const versionLog = sqliteTable('version_log', {
  version: integer('version').primaryKey(),
  nonce: text('nonce').notNull(),
  mutationId: text('mutationId').notNull(),
});

export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Expenses: append-only, a correction is a negative one naming the one it corrects (shared/schemas/expense.ts). */
export const expenses = sqliteTable(
  'expenses',
  {
    ...synced(),
    date: text('date').notNull(),
    category: text('category').notNull(),
    amountCents: integer('amountCents').notNull(),
    paidFrom: text('paidFrom', { enum: expensePaidFrom }).notNull(),
    note: text('note').notNull().default(''),
    correctionOf: text('correctionOf'),
    register: text('register').notNull().default(''),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    reviewedById: text('reviewedById'),
    reviewedBy: text('reviewedBy').notNull().default(''),
    reviewedAt: text('reviewedAt'),
    ...factTimes(),
  },
  (t) => [
    index('expenses_version').on(t.version),
    index('expenses_date').on(t.date),
    index('expenses_correction').on(t.correctionOf),
    // A Z report reads its register's drawer expenses by time.
    index('expenses_register').on(t.register, t.createdAt),
  ],
);

/** A register's cash drawer sessions: opened with a float, closed by a blind count into a Z report (shared/schemas/drawer.ts). */
export const drawerSessions = sqliteTable(
  'drawer_sessions',
  {
    ...synced(),
    register: text('register').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    floatCents: integer('floatCents').notNull(),
    createdAt: text('createdAt').notNull(),
    openedById: text('openedById').notNull(),
    openedBy: text('openedBy').notNull(),
    closedAt: text('closedAt'),
    closedById: text('closedById'),
    closedBy: text('closedBy').notNull().default(''),
    zNumber: text('zNumber').notNull().default(''),
    countJson: text('countJson').notNull().default(''),
    countedCents: integer('countedCents').notNull().default(0),
    expectedCents: integer('expectedCents').notNull().default(0),
    differenceCents: integer('differenceCents').notNull().default(0),
    differenceReason: text('differenceReason').notNull().default(''),
    takingsJson: text('takingsJson').notNull().default(''),
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    ...factTimes(),
  },
  // A register's sessions in their order (opened, then id): the one before or after a session, and
  // those opened by a moment, each one indexed read (mutations/drawer/rejudge-sessions.ts, issue 42).
  (t) => [index('drawer_sessions_version').on(t.version), index('drawer_sessions_register_time').on(t.register, t.createdAt, t.id), index('drawer_sessions_z').on(t.zNumber)],
);

/** Pay-ins and pay-outs of a drawer session, with their reasons. */
export const drawerMoves = sqliteTable(
  'drawer_moves',
  {
    ...synced(),
    sessionId: text('sessionId').notNull(),
    register: text('register').notNull(),
    kind: text('kind', { enum: ['payIn', 'payOut'] }).notNull(),
    amountCents: integer('amountCents').notNull(),
    reason: text('reason').notNull(),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    ...factTimes(),
  },
  (t) => [index('drawer_moves_version').on(t.version), index('drawer_moves_session').on(t.sessionId)],
);

/** Suppliers (issue 44): made from their declaration, as categories and services are. */
export const suppliers = sqliteTable('suppliers', { ...synced(), ...plainColumns(suppliersEntity.plain) }, (t) => [index('suppliers_version').on(t.version)]);

/** Purchase orders (issue 44): numbered on the device like invoices, unique by index (shared/schemas/purchase-order.ts). */
export const purchaseOrders = sqliteTable(
  'purchase_orders',
  {
    ...synced(),
    orderNo: text('orderNo').notNull(),
    supplierId: text('supplierId').notNull(),
    supplierName: text('supplierName').notNull().default(''),
    status: text('status', { enum: purchaseOrderStatuses }).notNull().default('Draft'),
    note: text('note').notNull().default(''),
    totalCents: integer('totalCents').notNull().default(0),
    createdAt: text('createdAt').notNull(),
    createdById: text('createdById').notNull(),
    createdBy: text('createdBy').notNull(),
    orderedAt: text('orderedAt'),
  },
  (t) => [
    index('purchase_orders_version').on(t.version),
    uniqueIndex('purchase_orders_order_no').on(t.orderNo),
    index('purchase_orders_supplier').on(t.supplierId, t.createdAt),
    index('purchase_orders_created').on(t.createdAt),
  ],
);

/** An order's lines: what is still to come of each is ordered − received − cancelled (shared/domain/purchase-orders.ts). */
export const purchaseOrderLines = sqliteTable(
  'purchase_order_lines',
  {
    ...synced(),
    orderId: text('orderId').notNull(),
    position: integer('position').notNull(),
    itemId: text('itemId').notNull(),
    itemName: text('itemName').notNull(),
    barcode: text('barcode').notNull().default(''),
    supplierPartNo: text('supplierPartNo').notNull().default(''),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitCostCents: integer('unitCostCents').notNull().default(0),
    cancelledHundredths: integer('cancelledHundredths').notNull().default(0),
    receivedHundredths: integer('receivedHundredths').notNull().default(0),
  },
  (t) => [index('purchase_order_lines_version').on(t.version), index('purchase_order_lines_order').on(t.orderId, t.position), index('purchase_order_lines_item').on(t.itemId)],
);

/** Canned jobs (issue 45): their lines are one JSON column, priced when the job is added. */
export const cannedJobs = sqliteTable('canned_jobs', { ...synced(), ...plainColumns(cannedJobsEntity.plain) }, (t) => [index('canned_jobs_version').on(t.version)]);

/** Estimates (issue 45): numbered on the device (EST-<code>-<sequence>), unique here. */
export const estimates = sqliteTable(
  'estimates',
  {
    ...synced(),
    estimateNumber: text('estimateNumber').notNull(),
    customerId: text('customerId').notNull(),
    customerName: text('customerName').notNull(),
    customerPhone: text('customerPhone').notNull().default(''),
    vehicleLicensePlate: text('vehicleLicensePlate').notNull(),
    plateKey: text('plateKey').notNull(),
    vehicleMake: text('vehicleMake').notNull().default(''),
    vehicleModel: text('vehicleModel').notNull().default(''),
    currentMileage: integer('currentMileage'),
    validUntil: text('validUntil').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status', { enum: ['Open', 'Decided'] }).notNull(),
    jobCardId: text('jobCardId'),
    decidedAt: text('decidedAt'),
    decidedBy: text('decidedBy').notNull().default(''),
    createdAt: text('createdAt').notNull(),
    createdBy: text('createdBy').notNull(),
    lastEditBy: text('lastEditBy').notNull().default(''),
    lastEditClient: text('lastEditClient').notNull().default(''),
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
  },
  (t) => [index('estimates_version').on(t.version), uniqueIndex('estimates_number').on(t.estimateNumber), index('estimates_plate').on(t.plateKey)],
);

/** An estimate's lines: a job line's fields and the customer's decision. */
export const estimateLines = sqliteTable(
  'estimate_lines',
  {
    ...synced(),
    estimateId: text('estimateId').notNull(),
    kind: text('kind', { enum: ['item', 'service'] }).notNull(),
    refId: text('refId'),
    name: text('name').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitPriceCents: integer('unitPriceCents').notNull(),
    totalCents: integer('totalCents').notNull(),
    warranty: text('warranty').notNull().default(''),
    warrantyMonths: integer('warrantyMonths').notNull().default(0),
    quickAdded: integer('quickAdded', { mode: 'boolean' }).notNull().default(false),
    decision: text('decision', { enum: ['pending', 'approved', 'declined'] }).notNull(),
    decidedAt: text('decidedAt'),
    createdAt: text('createdAt').notNull(),
  },
  (t) => [index('estimate_lines_version').on(t.version), index('estimate_lines_estimate').on(t.estimateId)],
);

/** Deliveries received against orders (issue 44): facts, each line a 'received' stock movement (shared/schemas/receipt.ts). */
export const goodsReceipts = sqliteTable(
  'goods_receipts',
  {
    ...synced(),
    orderId: text('orderId').notNull(),
    orderNo: text('orderNo').notNull(),
    supplierId: text('supplierId').notNull(),
    supplierName: text('supplierName').notNull().default(''),
    note: text('note').notNull().default(''),
    totalCents: integer('totalCents').notNull().default(0),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    register: text('register').notNull().default(''),
    ...factTimes(),
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    reviewedById: text('reviewedById'),
    reviewedBy: text('reviewedBy').notNull().default(''),
    reviewedAt: text('reviewedAt'),
  },
  (t) => [
    index('goods_receipts_version').on(t.version),
    index('goods_receipts_order').on(t.orderId),
    index('goods_receipts_supplier').on(t.supplierId, t.createdAt),
    index('goods_receipts_created').on(t.createdAt),
  ],
);

export const goodsReceiptLines = sqliteTable(
  'goods_receipt_lines',
  {
    ...synced(),
    receiptId: text('receiptId').notNull(),
    orderId: text('orderId').notNull(),
    orderLineId: text('orderLineId'),
    position: integer('position').notNull(),
    itemId: text('itemId').notNull(),
    itemName: text('itemName').notNull(),
    barcode: text('barcode').notNull().default(''),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitCostCents: integer('unitCostCents').notNull().default(0),
    issue: text('issue', { enum: receiptLineIssues }).notNull().default(''),
    returnedHundredths: integer('returnedHundredths').notNull().default(0),
  },
  (t) => [index('goods_receipt_lines_version').on(t.version), index('goods_receipt_lines_receipt').on(t.receiptId), index('goods_receipt_lines_item').on(t.itemId)],
);

export const supplierBills = sqliteTable(
  'supplier_bills',
  {
    ...synced(),
    supplierId: text('supplierId').notNull(),
    supplierName: text('supplierName').notNull().default(''),
    billNo: text('billNo').notNull(),
    billDate: text('billDate').notNull(),
    dueDate: text('dueDate').notNull(),
    note: text('note').notNull().default(''),
    totalCents: integer('totalCents').notNull().default(0),
    receivedCents: integer('receivedCents').notNull().default(0),
    differs: integer('differs', { mode: 'boolean' }).notNull().default(false),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
  },
  (t) => [
    index('supplier_bills_version').on(t.version),
    index('supplier_bills_supplier').on(t.supplierId, t.billDate),
    // One bill a supplier's number: the same paper entered twice is refused.
    uniqueIndex('supplier_bills_number').on(t.supplierId, t.billNo),
  ],
);

export const supplierBillLines = sqliteTable(
  'supplier_bill_lines',
  {
    ...synced(),
    billId: text('billId').notNull(),
    supplierId: text('supplierId').notNull(),
    receiptId: text('receiptId').notNull(),
    receiptLineId: text('receiptLineId').notNull(),
    position: integer('position').notNull(),
    itemId: text('itemId').notNull(),
    itemName: text('itemName').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitCostCents: integer('unitCostCents').notNull(),
    amountCents: integer('amountCents').notNull(),
    receivedCents: integer('receivedCents').notNull(),
    differs: integer('differs', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('supplier_bill_lines_version').on(t.version), index('supplier_bill_lines_bill').on(t.billId), index('supplier_bill_lines_receipt_line').on(t.receiptLineId)],
);

export const supplierPayments = sqliteTable(
  'supplier_payments',
  {
    ...synced(),
    supplierId: text('supplierId').notNull(),
    supplierName: text('supplierName').notNull().default(''),
    billId: text('billId'),
    amountCents: integer('amountCents').notNull(),
    method: text('method', { enum: supplierPaymentMethods }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    sessionId: text('sessionId'),
    register: text('register').notNull().default(''),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    ...factTimes(),
  },
  (t) => [index('supplier_payments_version').on(t.version), index('supplier_payments_supplier').on(t.supplierId, t.createdAt), index('supplier_payments_bill').on(t.billId)],
);

export const supplierReturns = sqliteTable(
  'supplier_returns',
  {
    ...synced(),
    receiptId: text('receiptId').notNull(),
    orderId: text('orderId').notNull(),
    orderNo: text('orderNo').notNull().default(''),
    supplierId: text('supplierId').notNull(),
    supplierName: text('supplierName').notNull().default(''),
    note: text('note').notNull().default(''),
    totalCents: integer('totalCents').notNull().default(0),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    createdAt: text('createdAt').notNull(),
    register: text('register').notNull().default(''),
    ...factTimes(),
    reviewState: text('reviewState', { enum: saleReviewStates }).notNull().default(''),
    reviewReason: text('reviewReason').notNull().default(''),
    reviewedById: text('reviewedById'),
    reviewedBy: text('reviewedBy').notNull().default(''),
    reviewedAt: text('reviewedAt'),
  },
  (t) => [index('supplier_returns_version').on(t.version), index('supplier_returns_receipt').on(t.receiptId), index('supplier_returns_supplier').on(t.supplierId, t.createdAt)],
);

export const supplierReturnLines = sqliteTable(
  'supplier_return_lines',
  {
    ...synced(),
    returnId: text('returnId').notNull(),
    receiptId: text('receiptId').notNull(),
    receiptLineId: text('receiptLineId').notNull(),
    position: integer('position').notNull(),
    itemId: text('itemId').notNull(),
    itemName: text('itemName').notNull(),
    quantityHundredths: integer('quantityHundredths').notNull(),
    unitCostCents: integer('unitCostCents').notNull().default(0),
  },
  (t) => [
    index('supplier_return_lines_version').on(t.version),
    index('supplier_return_lines_return').on(t.returnId),
    index('supplier_return_lines_receipt_line').on(t.receiptLineId),
  ],
);

/** WhatsApp opened at a customer (issue 45, point 4): who (the session's user) and when (a fact's time, bounded). */
export const whatsappLog = sqliteTable(
  'whatsapp_log',
  {
    ...synced(),
    customerId: text('customerId').notNull(),
    plate: text('plate').notNull().default(''),
    kind: text('kind', { enum: whatsappKinds }).notNull(),
    refId: text('refId').notNull(),
    userId: text('userId').notNull(),
    userName: text('userName').notNull(),
    at: text('at').notNull(),
    ...factTimes(),
  },
  (t) => [index('whatsapp_log_version').on(t.version), index('whatsapp_log_ref').on(t.refId), index('whatsapp_log_customer').on(t.customerId)],
);

/** A vehicle's next service (issue 45): one row a vehicle, saved by the device that finished its job. */
export const serviceReminders = sqliteTable(
  'service_reminders',
  {
    ...synced(),
    customerId: text('customerId').notNull(),
    vehicleLicensePlate: text('vehicleLicensePlate').notNull(),
    customerName: text('customerName').notNull(),
    customerPhone: text('customerPhone').notNull().default(''),
    dueDate: text('dueDate').notNull(),
    services: text('services', { mode: 'json' }).$type<ReminderService[]>().notNull(),
    kmPerDay: real('kmPerDay').notNull(),
    lastVisit: text('lastVisit').notNull(),
    lastMileage: integer('lastMileage'),
    remind: integer('remind', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [index('service_reminders_version').on(t.version), index('service_reminders_due').on(t.dueDate), index('service_reminders_customer').on(t.customerId)],
);

export const syncedTableObjects = {
  categories,
  customers,
  items,
  services,
  company,
  stockMovements,
  jobCards,
  jobLines,
  jobStatusChanges,
  invoices,
  invoiceLines,
  payments,
  notices,
  creditNotes,
  creditNoteLines,
  expenses,
  drawerSessions,
  drawerMoves,
  cannedJobs,
  estimates,
  estimateLines,
  suppliers,
  purchaseOrders,
  purchaseOrderLines,
  goodsReceipts,
  goodsReceiptLines,
  supplierBills,
  supplierBillLines,
  supplierPayments,
  supplierReturns,
  supplierReturnLines,
  whatsappLog,
  serviceReminders,
} as const;
