import { defineConfig } from 'drizzle-kit';

// Issue 46: PostgreSQL's migrations, from the tables server/src/db/pg-schema.ts makes out of the SQLite
// schema (drizzle.config.ts). `npm run db:generate` writes both engines' migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/pg-schema.ts',
  out: './server/drizzle-pg',
});
