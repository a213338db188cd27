import { defineConfig } from 'vitest/config';

/**
 * Browser tests: Debian's chromium (playwright-core) against the real server on the embedded
 * database, which global-setup.ts starts once. Files run one after another.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
