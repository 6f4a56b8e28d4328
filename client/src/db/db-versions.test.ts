import { describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createGarageDb } from './db';

/**
 * The schema of every version a device may hold, as db.ts declared them one by one until issue 25
 * folded those without an upgrade into the next one that has (Dexie 3+ upgrades from the schema it
 * finds installed, not from the declaration of the installed version). Data, never edited.
 */
const declared: [number, Record<string, string | null>][] = [
  [
    1,
    {
      categories: 'id, name',
      customers: 'id, customerName',
      items: 'id, itemName, barcode, categoryId',
      services: 'id, serviceId, name',
      company: 'id',
      outbox: '++seq, &id, recordKey',
      problems: '++key',
      syncState: 'key',
    },
  ],
  [
    2,
    {
      categories: 'id, name, *searchWords',
      customers: 'id, customerName, *searchWords',
      items: 'id, itemName, barcode, categoryId, stockQuantity, *searchWords',
      services: 'id, serviceId, name, *searchWords',
    },
  ],
  [
    3,
    {
      categories: 'id, name, *searchWords, sortKey',
      customers: 'id, customerName, *searchWords, sortKey',
      items: 'id, itemName, barcode, categoryId, stockQuantity, *searchWords, sortKey',
      services: 'id, serviceId, name, *searchWords, sortKey',
    },
  ],
  [
    4,
    {
      items: 'id, itemName, barcode, categoryId, stockHundredths, *searchWords, sortKey',
      stockMovements: 'id, itemId',
      outbox: '++seq, &id, *touches, authorId',
      sent: 'seq, sentAt',
      deferred: 'key',
    },
  ],
  [5, {}],
  [6, { jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey', jobLines: 'id, jobCardId', jobStatusChanges: 'id, jobCardId' }],
  [7, { invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date', invoiceLines: 'id, invoiceId', payments: 'id, invoiceId, date', cart: 'key' }],
  [8, { invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, *searchWords, sortKey' }],
  [9, { invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey', payments: 'id, invoiceId, date, bulkId' }],
  [10, { jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey, dateIn, finishedAt, [status+dateIn]', salesMonths: 'month' }],
  [11, { customers: 'id, customerName, sortKey', items: 'id, itemName, barcode, categoryId, stockHundredths, sortKey' }],
  [12, { jobCounts: 'key' }],
  [13, { invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey, reviewState' }],
  [14, { notices: 'id, userId' }],
  [15, { customers: 'id, customerName, sortKey, localStamp', items: 'id, itemName, barcode, categoryId, stockHundredths, sortKey, localStamp', searchSnapshots: 'table' }],
  [16, { creditNotes: 'id, &creditNoteNo, invoiceId, date, sortKey, reviewState', creditNoteLines: 'id, creditNoteId, invoiceId' }],
  [17, { expenses: 'id, date, category, sortKey' }],
  [
    18,
    {
      drawerSessions: 'id, [register+status], closedAt, reviewState',
      drawerMoves: 'id, sessionId',
      payments: 'id, invoiceId, date, bulkId, [register+createdAt]',
      expenses: 'id, date, category, sortKey, [register+createdAt]',
    },
  ],
  [19, {}],
  [20, { items: 'id, itemName, barcode, categoryId, stockHundredths, sortKey, localStamp, needsStock' }],
  [21, { invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey, reviewState, [status+date]' }],
  [
    22,
    {
      jobCards: 'id, jobNumber, customerId, status, [vehicleLicensePlate+dateIn], *searchWords, sortKey, dateIn, finishedAt, [status+dateIn], localStamp',
      invoices: 'id, &invoiceNo, [customerId+date], jobCardId, date, status, *searchWords, sortKey, reviewState, [status+date], localStamp',
    },
  ],
  [23, { payments: 'id, invoiceId, date, bulkId, [register+createdAt], reviewState' }],
  [24, { expenses: 'id, date, category, sortKey, [register+createdAt], reviewState' }],
  [25, { jobDrafts: 'key' }],
  [26, { cannedJobs: 'id, name, *searchWords, sortKey' }],
  [27, { estimates: 'id, &estimateNumber, plateKey, customerId, jobCardId, *searchWords, sortKey', estimateLines: 'id, estimateId' }],
  [
    28,
    {
      suppliers: 'id, name, *searchWords, sortKey',
      purchaseOrders: 'id, &orderNo, supplierId, status, *searchWords, sortKey',
      purchaseOrderLines: 'id, orderId, itemId',
      goodsReceipts: 'id, orderId, supplierId, sortKey, reviewState',
      goodsReceiptLines: 'id, receiptId, orderId, itemId',
    },
  ],
  [29, { imports: 'id, startedAt', importedRecords: '++seq, importId', outbox: '++seq, &id, *touches, authorId, createdAt' }],
  [30, { goodsReceipts: 'id, orderId, supplierId, sortKey, reviewState, createdAt' }],
];

type Factory = InstanceType<typeof IDBFactory>;

/** The object stores and indexes of a database as IndexedDB holds them. */
async function installed(indexedDB: Factory, name: string) {
  const idb: IDBDatabase = await new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const transaction = idb.transaction([...idb.objectStoreNames]);
  const stores = [...idb.objectStoreNames].map((storeName) => {
    const store = transaction.objectStore(storeName);
    const indexes = [...store.indexNames].map((indexName) => {
      const index = store.index(indexName);
      return { indexName, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
    });
    return { storeName, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
  });
  const version = idb.version;
  idb.close();
  return { version, stores };
}

// Every version upgrades: each old upgrade names the tables it derives as they were then (issue 48;
// until then versions 1 to 4 failed, as version 5's upgrade asked for job cards and invoices, tables
// that versions 6 and 7 add, and any searchable entity declared later would break 5 to 7 too).
describe("the device's database upgrades", () => {
  it.each(declared.map(([version]) => [version]))('from version %i to the schema a new device gets', async (from) => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('upgraded', { indexedDB, IDBKeyRange });
    for (const [version, stores] of declared) if (version <= from) old.version(version).stores(stores);
    await old.open();
    old.close();

    const upgraded = createGarageDb('upgraded', { indexedDB, IDBKeyRange });
    await upgraded.open();
    upgraded.close();
    const fresh = createGarageDb('fresh', { indexedDB, IDBKeyRange });
    await fresh.open();
    fresh.close();
    expect(await installed(indexedDB, 'upgraded')).toEqual(await installed(indexedDB, 'fresh'));
  });
});
