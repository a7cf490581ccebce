import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          pool: 'forks',
          // Files share a worker's modules instead of importing the whole server again for each file:
          // importing was 423 of 618 s for 14 module test files, 45 of 108 s without isolation. Each
          // file still builds its own app, database, data folder and ports, so no state is shared.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser on a loaded 2-core CI machine can take seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          // Each file starts its own server and browser; the server's modules are imported once.
          isolate: false,
        },
      },
    ],
  },
});
