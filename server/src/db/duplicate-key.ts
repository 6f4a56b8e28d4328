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
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * The driver's error code. On PostgreSQL drizzle's remote driver wraps pg's error in a DrizzleQueryError,
 * which carries the code on its `cause` only: read there too, or an id already taken answered a 500
 * (unrecorded, offered again for ever) where SQLite answers 409 (server/test/items.test.ts on TEST_ENGINE=postgres).
 */
function codeOf(error: unknown): unknown {
  const failed = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failed?.code ?? failed?.cause?.code;
}

/**
 * A failed UNIQUE index other than the key. SQLite checks a table's later indexes before its key, so
 * a row whose id is taken may fail on one of them first: the same item sent again under a new key
 * fails on its barcode (items_barcode_live), which its own row holds. Whether the id is taken too is
 * then a read, made only on this failure path (MutationTx's refusingDuplicate).
 */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
