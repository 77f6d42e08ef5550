import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // The PGlite template every test database starts from, built once up front (see the file).
    globalSetup: ['packages/db/src/test-global-setup.ts'],
    // A ceiling against hangs, not a speed target: the 2-core CI machine runs PGlite, PostgreSQL and simulator tests side by side.
    // Vitest's default on 2 cores is one file at a time; most files wait on databases, sockets and timers,
    // so two at once nearly halve the suite without starving either.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is shorter than a busy 2-core machine needs for a server round trip.
    expect: { poll: { timeout: 15_000 } },
  },
});
