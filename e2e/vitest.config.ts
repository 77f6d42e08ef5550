import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    environment: 'node',
    // Each file starts a built server and a Chromium. Two files at once was tried (2026-11-26): on 2 cores the
    // first-screen replay ended before its page loaded and the CSP walk over every page ran past its time, so
    // browser files run one at a time (the unit files run two at once).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
