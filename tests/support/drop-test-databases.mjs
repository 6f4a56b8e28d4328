// After npm test's PostgreSQL pass: drops the databases its test servers made (garage_t_…, named
// after their SQLite files, tests/support/test-database.ts) that a test left behind, e.g. a server it
// stopped without dropping. Run alone: another PostgreSQL pass running at the same time loses its own.
import pg from 'pg';
import { dropDatabase } from './drop-database.mjs';

const url = process.env.PG_TEST_URL;
if (!url) process.exit(0);
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const { rows } = await admin.query("SELECT datname FROM pg_database WHERE datname LIKE 'garage\\_t\\_%'");
for (const { datname } of rows) await dropDatabase(admin, datname);
await admin.end();
console.log(`dropped ${rows.length} test databases left on PostgreSQL`);
