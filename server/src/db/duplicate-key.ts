/**
 * Whether a failed insert failed on the table's primary key: the row's id is already taken. Callers
 * let the key refuse a duplicate instead of reading the row first (a statement a row less in a
 * push, issue 24) and answer their own 409.
 *
 * The codes are the drivers' own: better-sqlite3 names SQLite's extended code; PostgreSQL's
 * unique_violation (23505) covers unique indexes too, so a caller checks those before it inserts
 * (an item's barcode: assertBarcodeFree), as it does today.
 */
export function isDuplicateKey(error: unknown): boolean {
  const code = driverCode(error);
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The driver's error code; on PostgreSQL drizzle wraps the driver's error (DrizzleQueryError's cause). */
function driverCode(error: unknown): unknown {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return code ?? cause?.code;
}

/**
 * A failed UNIQUE index other than the key. SQLite checks a table's later indexes before its key, so
 * a row whose id is taken may fail on one of them first: the same item sent again under a new key
 * fails on its barcode (items_barcode_live), which its own row holds. Whether the id is taken too is
 * then a read, made only on this failure path (MutationTx's refusingDuplicate).
 */
export function isUniqueViolation(error: unknown): boolean {
  return driverCode(error) === 'SQLITE_CONSTRAINT_UNIQUE';
}
