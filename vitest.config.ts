import { defineConfig } from 'vitest/config';

// Three projects: fast unit tests, API tests against the real server (SQLite, and PostgreSQL
// when DATABASE_URL is set), and browser tests against the built web app.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/shared/**/*.test.ts',
            'tests/main/**/*.test.ts',
            'tests/renderer/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/server/**/*.test.ts'],
          setupFiles: ['tests/server/support/check-query-shapes.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
