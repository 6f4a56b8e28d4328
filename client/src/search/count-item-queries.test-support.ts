import type { DBCoreQueryRequest } from 'dexie';
import type { GarageDb } from '../db/db';

/** Counts a table's IndexedDB queries (the items' unless told) that `counts` picks (a DBCore middleware); read with the returned function. */
export function countItemQueries(db: GarageDb, counts: (request: DBCoreQueryRequest) => boolean, tableName = 'items'): () => number {
  let n = 0;
  db.use({
    stack: 'dbcore',
    name: 'count-item-queries',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return name === tableName ? { ...table, query: (request) => (counts(request) && n++, table.query(request)) } : table;
      },
    }),
  });
  return () => n;
}

/** Reads of many rows (items unless told) by primary key: only an index build makes them (a query's watch reads 1). */
export const countBuildReads = (db: GarageDb, tableName = 'items') => countItemQueries(db, (request) => !!request.query.index.isPrimaryKey && request.limit !== 1, tableName);
