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
    // expect.poll's own default is 1 s. On the 2-core CI machine a click that makes two requests (the switch to
    // yearly, then the refreshed subscription) took longer than that once (2026-12-02), so a poll without its own
    // timeout waits up to 15 s before it calls the screen wrong.
    expect: { poll: { timeout: 15_000 } },
  },
});
