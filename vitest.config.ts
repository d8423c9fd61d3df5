import { defineConfig } from 'vitest/config';

/** `npm test` runs every workspace's tests: config and backend units, API tests, admin units and browser tests. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'config', include: ['config/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'backend', include: ['backend/src/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      { test: { name: 'portal', include: ['portal/src/**/*.test.{ts,tsx}', 'portal/test/**/*.test.ts'], environment: 'node', testTimeout: 90_000, hookTimeout: 300_000 } },
      { test: { name: 'plugins', include: ['plugins/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'admin',
          include: ['admin/src/**/*.test.{ts,tsx}', 'admin/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
