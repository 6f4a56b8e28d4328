/** Drops a test's PostgreSQL database (drop-database.mjs says how). */
export function dropDatabase(admin: { query(text: string): Promise<unknown> }, name: string): Promise<void>;
