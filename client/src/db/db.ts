import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie';
import { deviceDbName } from './db-name';
import type { SyncedRow, SyncedTable } from '@shared/sync/tables';
import type { RecordState } from '@shared/sync/messages';
import type { RowOf } from '@shared/entities';
import type { EntityDeviceFields } from '@shared/entities/define-entity';
import { derivedFieldsMiddleware, derivedFieldsOf, writeListenersMiddleware } from './derived-fields';
import { searchChangesMiddleware } from './change-feed';
import type { SearchSnapshot } from './search-snapshot';
import { salesMonths, type SalesMonth } from './sales-months';
import { jobCounts, type JobCount } from './job-counts';
import { derivedSumsMiddleware, scheduleRebuild, sumTable } from './derived-sums';

/** An outbox entry: a named mutation waiting to be sent, in `seq` order (docs/sync-rules.md, rule 2). */
export interface OutboxEntry {
  seq?: number;
  id: string;
  clientId: string;
  name: string;
  /** Every mutation names its main record by `id` (a device-made UUID). */
  args: { id: string } & Record<string, unknown>;
  /** This device's clock when it was made; with `clockOffsetMs` the server knows when that was in its own time. */
  createdAt: string;
  /** The server's clock minus this device's, as last measured when it was made (sync/device-clock.ts); absent in entries made before. */
  clockOffsetMs?: number;
  /** `${table}:${id}` of every record it touches: a pull never overwrites a record with pending work. */
  touches: string[];
  /** Who made it: it is sent only with this user's session (docs/sync-rules.md, rule 11). */
  authorId: string;
  authorName: string;
  /** Its author's signature of it (shared/sync/entry-signature.ts): an exported file's entries are checked by it. */
  signature?: string;
  /** The server's words when it is older than this build and could not take this entry yet: it is sent again later. */
  waiting?: string;
}

/** A form being written, as the device keeps it: `value` is the form's own shape, read back by the form. */
export interface StoredDraft {
  key: string;
  value: unknown;
  /** When it was last written (ISO). */
  savedAt: string;
}

/** An import of a file (issue 43), kept on the device that made it: its progress, what it came to, and whether it was undone. */
export interface ImportRun {
  id: string;
  /** What the file holds: 'customers', 'items', 'services' or 'openingBalances' (shared/import/columns.ts). */
  kind: string;
  fileName: string;
  userId: string;
  userName: string;
  startedAt: string;
  /** Set when every step was written; absent while it runs, or after it was stopped or cut off. */
  finishedAt?: string;
  /** Steps written of those planned, and the file's rows they wrote. */
  done: number;
  total: number;
  rowsDone: number;
  /** The dry run's counts (new, update, unchanged) by what is counted, and the file's totals for the reconciliation. */
  tallies: Record<string, { new: number; update: number; unchanged: number }>;
  totals: Record<string, number>;
  undoneAt?: string;
}

/** Records an import made, a batch at a time, in the transaction that made them: what an undo may remove. */
export interface ImportedRecords {
  seq?: number;
  importId: string;
  refs: { table: SyncedTable; id: string }[];
}

/** A mutation the server applied, kept a while so that it can be sent again if the server is restored from a backup. */
export interface SentEntry extends OutboxEntry {
  seq: number;
  sentAt: string;
  /** `${version}:${nonce}` the server applied it at, null when it wrote nothing. */
  at: string | null;
}

/**
 * A server row a pull could not apply because local work on the record was pending (docs/sync-rules.md, rule 7). It is
 * applied when that work is answered, unless the answer brings a newer state (see SyncEngine.settle).
 */
export interface DeferredRow {
  key: string;
  version: number;
  deleted: boolean;
  row: Record<string, unknown>;
}

/** A pull of more than one page (a first sync, a long absence): rows written so far of those announced. */
export interface DownloadProgress {
  total: number;
  done: number;
}

/** 'Downloading… 42%': whole percent, never 100 before the last page is in. */
export function downloadPercent(progress: DownloadProgress): number {
  if (progress.total <= 0) return 0;
  return Math.min(99, Math.floor((progress.done / progress.total) * 100));
}

export function parseDownload(value: string | undefined): DownloadProgress | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<DownloadProgress>;
    return typeof parsed.total === 'number' && typeof parsed.done === 'number' ? { total: parsed.total, done: parsed.done } : null;
  } catch {
    return null;
  }
}

/** A mutation the server refused: shown in the sync problems list until retried or discarded. */
export interface SyncProblem {
  key?: number;
  mutation: OutboxEntry;
  message: string;
  httpStatus: number;
  at: string;
  current: RecordState[];
}

export interface SyncStateEntry {
  /** cursor: the pull's; ack: the newest point own mutations were applied at; requeueSent: a restore is being reloaded; deviceCode, invoiceSeq, creditNoteSeq, zReportSeq and estimateSeq: this register's (deviceKey: the device's own key, server/src/sync/device-keys.ts); invoice, credit note, Z report and estimate numbers; download: a many-page pull's progress (JSON of DownloadProgress); priorityCursor and priorityDone: a first sync's first part (the catalogue and customers) and the version it reached; tables: the synced tables the cursors cover (comma-separated; absent: protocol 1's); catchUpCursor: the pull of tables an update added, from their beginning; readScope: the columns hidden from, and the row rules of, the reader the mirror was pulled for (JSON, shared/sync/read-scope.ts); refill and refillCursor: the tables being pulled again from their start for columns or rows the user has come to read; clockOffsetMs: the server's clock minus this device's (sync/device-clock.ts). */
  key:
    | 'cursor'
    | 'clientId'
    | 'lastSyncAt'
    | 'lastError'
    | 'ack'
    | 'requeueSent'
    | 'deviceCode'
    | 'deviceKey'
    | 'invoiceSeq'
    | 'creditNoteSeq'
    | 'zReportSeq'
    | 'purchaseOrderSeq'
    | 'estimateSeq'
    | 'download'
    | 'priorityCursor'
    | 'priorityDone'
    | 'openCursor'
    | 'openDone'
    | 'tables'
    | 'catchUpCursor'
    | 'readScope'
    | 'refill'
    | 'refillCursor'
    | 'clockOffsetMs';
  value: string;
}

/** Fields the device adds to a synced row it stores (db/derived-fields.ts), with those an entity declares. */
export interface DeviceFields extends EntityDeviceFields {
  searchWords?: string[];
  sortKey?: string;
  /** When this device last stored the row (ms; items, customers, job cards and invoices: db/derived-fields.ts), for the search snapshots. */
  localStamp?: number;
}

/**
 * Every DeviceFields name, for code that takes a stored row back to its synced columns (a test's
 * mirror of the server). The compiler holds the list to the interface both ways.
 */
export const deviceFieldNames = ['searchWords', 'sortKey', 'localStamp', 'needsStock'] as const satisfies readonly (keyof DeviceFields)[];
type Missing = Exclude<keyof DeviceFields, (typeof deviceFieldNames)[number]>;
// Does not compile when a field is added to DeviceFields (or an entity's EntityDeviceFields) but not to the list.
export const deviceFieldNamesComplete: [Missing] extends [never] ? true : { missing: Missing } = true;

/** A stored row without the fields only the device derives: the synced row as the server holds it. */
export function withoutDeviceFields<Row extends object>(row: Row): Omit<Row, keyof DeviceFields> {
  const synced = { ...row } as Record<string, unknown>;
  for (const name of deviceFieldNames) delete synced[name];
  return synced as Omit<Row, keyof DeviceFields>;
}

/** A synced table as the device stores it: its entity's row (shared/entities) and the device's fields. */
export type DeviceRow<T extends SyncedTable> = RowOf<T> & DeviceFields;

export type GarageDb = Dexie & { [T in SyncedTable]: Table<DeviceRow<T>, string> } & {
  cart: Table<{ key: string; value: unknown }, string>;
  /** Job cards being written, kept on this device until saved or discarded (features/job-cards/api/job-drafts.ts), never synced. */
  jobDrafts: Table<StoredDraft, string>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  sent: EntityTable<SentEntry, 'seq'>;
  deferred: EntityTable<DeferredRow, 'key'>;
  problems: EntityTable<SyncProblem, 'key'>;
  syncState: EntityTable<SyncStateEntry, 'key'>;
  /** Derived from invoices (db/sales-months.ts), never synced. */
  salesMonths: EntityTable<SalesMonth, 'month'>;
  /** Derived from job cards (db/job-counts.ts), never synced. */
  jobCounts: EntityTable<JobCount, 'key'>;
  /** The in-memory search indexes kept between visits (search/snapshot.ts), never synced. */
  searchSnapshots: EntityTable<SearchSnapshot, 'table'>;
  /** Imports made on this device and the records each made (features/import), never synced. */
  imports: EntityTable<ImportRun, 'id'>;
  importedRecords: EntityTable<ImportedRecords, 'seq'>;
};

/**
 * The device's database: a mirror of the synced tables (live rows only; tombstones delete) plus
 * the outbox. Indexes are declared here; add a new `version()` for any change, never edit one.
 *
 * Only versions with an upgrade are declared, each with the stores of the versions without one
 * before it (Dexie 3+ upgrades from the schema it finds installed; db-versions.test.ts upgrades
 * from each former version). Dexie parses every declared version's schema again at each
 * `version()` and `stores()`: the 21 versions cost a phone 0.37 s when the app started (issue 25).
 */
export function createGarageDb(name = deviceDbName, options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }): GarageDb {
  const db = new Dexie(name, options) as GarageDb;
  // Version 1: the catalogue, the company, the outbox, its problems and the sync state.
  // Search words (see search-words.ts) in a multi-entry index on every searchable table.
  db.version(2)
    .stores({
      company: 'id',
      outbox: '++seq, &id, recordKey',
      problems: '++key',
      syncState: 'key',
      categories: 'id, name, *searchWords',
      customers: 'id, customerName, *searchWords',
      items: 'id, itemName, barcode, categoryId, stockQuantity, *searchWords',
      services: 'id, serviceId, name, *searchWords',
    })
    .upgrade((tx) => deriveLocalFields(tx, ['categories', 'customers', 'items', 'services']));
  // A lower-cased sort key, so paged lists sort the way people read names.
  db.version(3)
    .stores({
      categories: 'id, name, *searchWords, sortKey',
      customers: 'id, customerName, *searchWords, sortKey',
      items: 'id, itemName, barcode, categoryId, stockQuantity, *searchWords, sortKey',
      services: 'id, serviceId, name, *searchWords, sortKey',
    })
    .upgrade((tx) => deriveLocalFields(tx, ['categories', 'customers', 'items', 'services']));
  // Sync core v2: an outbox entry names every record it touches and its author; applied entries
  // are kept a while (sent); pulled rows held back by pending work wait in deferred; stock is
  // exact hundredths with a ledger of movements.
  db.version(4)
    .stores({
      items: 'id, itemName, barcode, categoryId, stockHundredths, *searchWords, sortKey',
      stockMovements: 'id, itemId',
      outbox: '++seq, &id, *touches, authorId',
      sent: 'seq, sentAt',
      deferred: 'key',
    })
    .upgrade(async (tx) => {
      const author = storedUser();
      await tx
        .table('outbox')
        .toCollection()
        .modify((entry: Record<string, unknown>) => {
          entry.touches = [entry.recordKey];
          delete entry.recordKey;
          // Queued before entries had authors: the user last logged in here made them.
          entry.authorId = author?.id ?? '';
          entry.authorName = author?.name ?? '';
        });
      await tx
        .table('items')
        .toCollection()
        .modify((item: Record<string, unknown>) => {
          item.stockHundredths = Math.round(Number(item.stockQuantity ?? 0) * 100);
          delete item.stockQuantity;
        });
    });
  // Phones, plates and barcodes are found by their last digits too: search words computed again.
  db.version(5)
    .stores({})
    .upgrade((tx) => deriveLocalFields(tx, ['categories', 'customers', 'items', 'services']));
  // Job cards: found by number, customer, phone and plate (searchWords, with a status word for the
  // Current and Finished tabs), newest first (sortKey), previous visit by plate and date; lines and
  // status history by job.
  // (Version 6.)
  // Sales: invoices by number, customer and job; their lines and payments by invoice. The register's
  // cart is kept here (not synced) so it survives a reload and an app restart until sold or cancelled.
  // (Version 7.)
  // The invoice list searches number, customer, phone and plate, newest first.
  db.version(8)
    .stores({
      jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey',
      jobLines: 'id, jobCardId',
      jobStatusChanges: 'id, jobCardId',
      invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, *searchWords, sortKey',
      invoiceLines: 'id, invoiceId',
      payments: 'id, invoiceId, date',
      cart: 'key',
    })
    .upgrade((tx) => deriveLocalFields(tx, ['categories', 'customers', 'items', 'services', 'jobCards', 'invoices']));
  // The due list reads the unpaid invoices through their status (kept from the payments), and a
  // bulk payment's receipt its allocations.
  // (Version 9.)
  // Current Jobs pages and searches like Finished Jobs: open and suspended jobs carry '~current'.
  // The dashboard counts check-ins and finishes by day and jobs by status in a period, and sums
  // invoices by month (salesMonths, kept by db/sales-months.ts).
  db.version(10)
    .stores({
      invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey',
      payments: 'id, invoiceId, date, bulkId',
      jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey, dateIn, finishedAt, [status+dateIn]',
      salesMonths: 'month',
    })
    .upgrade(async (tx) => {
      await deriveLocalFields(tx, ['jobCards']);
      await tx.table('salesMonths').bulkPut(await sumTable(salesMonths, tx.table('invoices')));
    });
  // Items and customers are searched in memory only (client/src/search): their words stay in
  // the row but lose their multi-entry index, about 18 entries an item (the barcode's endings), which
  // made a new device's catalogue land 2.3 times slower (issue 11: usable within 10 s). Job cards and
  // invoices keep theirs: their lists count '~finished' and '~current' in IndexedDB before the
  // in-memory index is built.
  // (Version 11.)
  // The dashboard's job counts by day and status (db/job-counts.ts): a month's donut read from at
  // most 93 rows instead of counting thousands of index entries.
  db.version(12)
    .stores({
      customers: 'id, customerName, sortKey',
      items: 'id, itemName, barcode, categoryId, stockHundredths, sortKey',
      jobCounts: 'key',
    })
    .upgrade(async (tx) => {
      await tx.table('jobCounts').bulkPut(await sumTable(jobCounts, tx.table('jobCards')));
    });
  // Sales recorded with a conflict wait for review (shared/domain/sale-review.ts): the review list
  // reads them through their state.
  // (Version 13.)
  // Notices for a user from the server (shared/schemas/notice.ts): an edit replaced by a later one.
  // (Version 14.)
  // The first search after a list opens waited for the in-memory index of its table to be built
  // (2.2 s at 50,000 items). Now the index is kept between visits (search/snapshot.ts): a snapshot,
  // and each stored row's local stamp, so what changed since the snapshot is read by its index.
  // Rows stored before this version have no stamp: they are in the snapshot's first build.
  // (Version 15.)
  // Returns (shared/mutations/returns.ts): credit notes by number and invoice (and those raised for
  // review), their lines by credit note and by invoice (what came back of each sale line).
  // (Version 16.)
  // Expenses (shared/mutations/expenses.ts): by day for the list and the cash-up, by category for its filter.
  // (Version 17.)
  // The cash drawer (shared/mutations/drawer.ts): a register's open session by [register+status];
  // payments and expenses by register and time for its Z report.
  // (Version 18.)
  // The top-bar search (issue 28): plates also as one key (CAB1234) and VINs among the words. The
  // words are derived again, and the kept search indexes go (they hold the old words).
  db.version(19)
    .stores({
      invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey, reviewState',
      notices: 'id, userId',
      customers: 'id, customerName, sortKey, localStamp',
      items: 'id, itemName, barcode, categoryId, stockHundredths, sortKey, localStamp',
      searchSnapshots: 'table',
      creditNotes: 'id, &creditNoteNo, invoiceId, date, sortKey, reviewState',
      creditNoteLines: 'id, creditNoteId, invoiceId',
      drawerSessions: 'id, [register+status], closedAt, reviewState',
      drawerMoves: 'id, sessionId',
      payments: 'id, invoiceId, date, bulkId, [register+createdAt]',
      expenses: 'id, date, category, sortKey, [register+createdAt]',
    })
    .upgrade(async (tx) => {
      await deriveLocalFields(tx, ['customers', 'jobCards', 'invoices']);
      await tx.table('searchSnapshots').clear();
    });
  // The bell (issue 28): items that need stock, read by an index (db/derived-fields.ts).
  db.version(20)
    .stores({ items: 'id, itemName, barcode, categoryId, stockHundredths, sortKey, localStamp, needsStock' })
    .upgrade((tx) => deriveLocalFields(tx, ['items']));
  // The bell's past-due invoices: the unpaid ones dated before a day, without reading the others.
  // (Version 21.)
  // The top-bar search right after the app opens (issue 28): job cards' and invoices' search indexes
  // are kept between visits too (search/snapshot.ts reads what changed since through localStamp),
  // instead of being built from every row at each start (2 s at 30,000 of each). Rows stored before
  // carry no stamp: the first index is built from every row, and only later changes are stamped.
  db.version(22).stores({
    jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey, dateIn, finishedAt, [status+dateIn], localStamp',
    invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey, reviewState, [status+date], localStamp',
  });
  // Payments raised for review (issue 42: taken on an invoice the server does not hold), for Sales to Review and the bell.
  db.version(23).stores({ payments: 'id, invoiceId, date, bulkId, [register+createdAt], reviewState' });
  // Expenses raised for review (issue 42, point 7: dated outside the window by a register), for Sales to Review and the bell.
  db.version(24).stores({ expenses: 'id, date, category, sortKey, [register+createdAt], reviewState' });
  // A job card being written is kept as it is typed (issue 47: a reload or a tab switch lost it), one
  // draft a job ('new' for a job not saved yet), on this device only.
  db.version(25).stores({ jobDrafts: 'key' });
  // Canned jobs (issue 45): the catalogue's named sets of services and parts.
  db.version(26).stores({ cannedJobs: 'id, name, *searchWords, sortKey' });
  // Estimates and their lines (issue 45); a vehicle's declined work is found by the estimate's plate key.
  db.version(27).stores({
    estimates: 'id, &estimateNumber, plateKey, customerId, jobCardId, *searchWords, sortKey',
    estimateLines: 'id, estimateId',
  });
  // Purchasing (issue 44): suppliers, searched like customers; purchase orders by number, supplier and
  // status (the open ones), searched newest first; their lines by order and by item; deliveries by order
  // and those raised for review, their lines by delivery, order and item.
  db.version(28).stores({
    suppliers: 'id, name, *searchWords, sortKey',
    purchaseOrders: 'id, &orderNo, supplierId, status, *searchWords, sortKey',
    purchaseOrderLines: 'id, orderId, itemId',
    goodsReceipts: 'id, orderId, supplierId, sortKey, reviewState',
    goodsReceiptLines: 'id, receiptId, orderId, itemId',
  });
  // Imports (issue 43): each run of a file, and the records it made, by batch, for its undo; on the
  // device that imported only (docs/decisions.md, Moving in). The outbox by when each change was
  // made: the bell counts those waiting over an hour by an index, where it read every entry, which
  // an import's 100,000 queued changes made a scan of the whole outbox at each write.
  db.version(29).stores({ imports: 'id, startedAt', importedRecords: '++seq, importId', outbox: '++seq, &id, *touches, authorId, createdAt' });
  // Purchases by supplier (issue 44, point 8): a period's deliveries by when they were received. The
  // receipts' sortKey index stays empty on a device (db/derived-fields.ts derives it for searchable
  // tables only), so without this a month's report read every receipt. IndexedDB fills the new index
  // from the stored rows itself: no upgrade.
  db.version(30).stores({ goodsReceipts: 'id, orderId, supplierId, sortKey, reviewState, createdAt' });
  // What the shop owes its suppliers (issue 44, points 6 and 7): bills by supplier, date and number,
  // their lines by bill and by the delivery line they bill; payments by supplier and bill; returns to a
  // supplier by delivery, supplier and review, their lines by return and delivery line.
  db.version(31).stores({
    supplierBills: 'id, supplierId, billDate, [supplierId+billNo]',
    supplierBillLines: 'id, billId, receiptId, receiptLineId',
    supplierPayments: 'id, supplierId, billId, createdAt',
    supplierReturns: 'id, receiptId, supplierId, reviewState, createdAt',
    supplierReturnLines: 'id, returnId, receiptId, receiptLineId',
  });
  // WhatsApp opened at a customer (issue 45, point 4): a button's log by what it was about, and by customer.
  db.version(32).stores({ whatsappLog: 'id, refId, customerId' });
  // A vehicle's next service (issue 45): the Reminders list pages by the day it is due.
  // Declined estimate lines by their decision: the list's follow-ups of declined work.
  db.version(33).stores({ serviceReminders: 'id, dueDate, customerId, sortKey, localStamp', estimateLines: 'id, estimateId, decision' });
  for (const sums of [salesMonths, jobCounts]) db.use(derivedSumsMiddleware(sums, () => scheduleRebuild(db, sums)));
  // Registered first, a middleware sits below the later ones: the write listeners see the rows with
  // their derived fields, so a search index takes a written row's words from the write itself.
  db.use(writeListenersMiddleware());
  db.use(derivedFieldsMiddleware());
  // Other tabs' search indexes learn of this context's writes from it (db/change-feed.ts).
  db.use(searchChangesMiddleware());
  return db;
}

/** Tables derived from synced ones: every transaction that writes synced tables includes them. */
export const derivedTables = (db: GarageDb) => [db.salesMonths, db.jobCounts];

/**
 * Rows stored before a version that added derived fields get them on upgrade. Each version names its
 * tables as they were then: never today's declarations, or a table declared later (a new searchable
 * entity) would be asked for in an old upgrade's transaction, which does not hold it (issue 48).
 */
async function deriveLocalFields(tx: Transaction, tables: readonly SyncedTable[]): Promise<void> {
  for (const table of tables) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: Record<string, unknown>) => {
        Object.assign(row, derivedFieldsOf(table, row));
      });
  }
}

export function syncedTable(db: GarageDb, table: SyncedTable): Table<SyncedRow, string> {
  return db.table(table);
}

function storedUser(): { id: string; name: string } | null {
  try {
    return JSON.parse(globalThis.localStorage?.getItem('user') ?? 'null') as { id: string; name: string } | null;
  } catch {
    return null;
  }
}
