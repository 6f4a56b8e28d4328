import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Passwords hashed at a low scrypt cost, but where hashing is what is tested (see the file).
    setupFiles: ['tests/support/cheap-passwords.ts'],
    // Two files at once, one a core (issue 29). Each file has its own temporary folder and SQLite
    // file (server/test/helpers.ts, tests/sync/harness.ts), its servers on ports the OS gives, and
    // its own process (forks: a file's process.env.TZ or fake clock stays its own). The long tests
    // carry timeouts sized for a busy machine with another file running beside them.
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
