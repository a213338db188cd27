import { defineConfig } from 'vitest/config';

/**
 * `npm test`: contract, server and web tests. The server suite runs on the embedded PGlite, and once
 * more on a real PostgreSQL server when TEST_DATABASE_URL is set.
 */
const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:postgres', root: './apps/server', env: { TEST_DB_DRIVER: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      './apps/server/vitest.config.ts',
      ...onPostgres,
      './apps/web/vitest.config.ts',
    ],
  },
});
