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
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
