import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'client/src/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Passwords hashed at a low scrypt cost, but where hashing is what is tested (see the file).
    setupFiles: ['tests/support/cheap-passwords.ts'],
    // Two cores: files in parallel would fight over them and over SQLite files.
    fileParallelism: false,
  },
});
