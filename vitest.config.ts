import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config';

/**
 * Files that time their own work against a wall-clock bound (a refusal under 100 ms, a report under
 * 1 s, a month's figures under 5 s, a poke within 1 s...). Beside another file on a busy 2-core
 * machine they miss it (issue 29: three did at load 10 to 15), so they run after the others, one
 * at a time, as every file did before.
 */
const all = ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/**/*.test.ts'];
const timed = [
  'server/test/registration.test.ts',
  'server/test/stock-report.test.ts',
  'server/test/push-limits.test.ts',
  'server/test/drawer-backdated-push.test.ts',
  'client/src/features/dashboard/api/read-month-result.test.ts',
  'tests/sync/pokes.test.ts',
  'tests/sync/unreachable.test.ts',
  'tests/sync/hostile-device.test.ts',
  // Not timed, but heavy: three server processes and PostgreSQL, killed and restarted, would crowd
  // whatever file ran beside it (and its kills' timing with it).
  'tests/crash/pg-three-processes.test.ts',
];

/**
 * TEST_ENGINE=postgres (issue 46; README, 'PostgreSQL tests'): the server and sync suites again, their
 * test servers on PostgreSQL (tests/support/test-database.ts), less the files that test SQLite itself
 * (its file, pragmas, rowid, migrations, backup) or read it with SQLite's own SQL.
 */
const onPostgres = process.env.TEST_ENGINE === 'postgres';
const engineSuites = ['server/test/**/*.test.ts', 'tests/sync/**/*.test.ts'];
export const sqliteOnly = [
  // SQLite's own: the file, its migrations and pragmas, backup and restore of the file, better-sqlite3 directly.
  'server/test/migrations.test.ts',
  'server/test/migrations-match-schema.test.ts',
  'server/test/persistence.test.ts',
  'server/test/prepared.test.ts',
  'server/test/reset-password.test.ts',
  'server/test/restore.test.ts',
  // SQLite's own SQL to arrange or read: rowid order, pragmas, triggers, EXPLAIN QUERY PLAN, or
  // better-sqlite3's synchronous calls and transactions. (The two randomised device runs,
  // randomised-operations and randomised-purchasing, run on both: they read the server's log in the
  // order it was applied through a numbering of their own on either engine, test-database.ts logInOrder.)
  'server/test/bad-input.test.ts',
  'server/test/company.test.ts',
  'server/test/drawer-backdated-push.test.ts',
  'server/test/dues.test.ts',
  'server/test/expenses.test.ts',
  'server/test/real-server-limits.test.ts',
  'server/test/sale-payment-dates.test.ts',
  'server/test/text-characters.test.ts',
  'tests/sync/first-sync.test.ts',
  // The engine's own checks run once, in the default pass.
  'server/test/pg-migrations.test.ts',
  'server/test/pg-migrations-match-schema.test.ts',
  'server/test/pg-schema-parity.test.ts',
];

export default defineConfig({
  // The path aliases, as the app's build has them (both projects extend this root).
  resolve: { alias },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Passwords hashed at a low scrypt cost, but where hashing is what is tested (see the file).
    setupFiles: ['tests/support/cheap-passwords.ts'],
    // Two files at once, one a core (issue 29). Each file has its own temporary folder and SQLite
    // file (server/test/helpers.ts, tests/sync/harness.ts), its servers on ports the OS gives, and
    // its own process (forks: a file's process.env.TZ stays its own; with threads it did not, and
    // filter-due-invoices failed). The long tests carry timeouts sized for a busy machine with
    // another file running beside them.
    pool: 'forks',
    // (include is set in each project: a project's arrays are added to the root's, not put in place.)
    projects: [
      {
        extends: true,
        test: {
          name: 'parallel',
          include: onPostgres ? engineSuites : all,
          exclude: [...configDefaults.exclude, ...timed, ...(onPostgres ? sqliteOnly : [])],
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      // fileParallelism off and no groupOrder: vitest runs these last, after every other file.
      {
        extends: true,
        test: {
          name: 'timed',
          include: onPostgres ? timed.filter((file) => (file.startsWith('server/test/') || file.startsWith('tests/sync/')) && !sqliteOnly.includes(file)) : timed,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
