import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests next to the code (no services), and integration tests under
// test/ that run against real PostgreSQL and Redis prepared by the global setup.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
          globalSetup: ['test/global-setup.ts'],
          // Tests that boot in process read process.env: hash test passwords at a cheap cost, as
          // test/helpers/stack.ts does for spawned servers (password tests set their own).
          env: { WARPOST_SCRYPT_COST: '14' },
        },
      },
    ],
  },
});
