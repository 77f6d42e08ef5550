import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PREMIUM_FIRST_SCREEN, premiumQuerySchema } from '@spreadscope/contracts';
import { Simulator } from '@spreadscope/feeds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, T0, type TestServer } from '../test-support/test-server.ts';
import { warningLog } from '../test-support/warning-log.ts';
import { LAPTOP_WIDTH, PHONE_WIDTH } from './first-paint.ts';
import { firstScreen } from './first-screen.ts';

/** A web build whose first-paint module records every drawing (page, language, width, rows) in `globalThis`. */
function webBuild(render: string): string {
  const root = mkdtempSync(join(tmpdir(), 'spreadscope-warm-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(
    join(root, 'dist-ssr', 'render-page.js'),
    `export async function preparePage(path, language) {
       return ({ viewportWidth, boot }) => { ${render} };
     }`,
  );
  return join(root, 'dist');
}

describe('the first screen warm-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    server.source.push(...new Simulator({ seed: 3, startTime: T0, tokenLimit: 20 }).advanceTo(T0 + 5_000));
  });
  afterAll(() => server.close());

  it("draws each language's premium page for a laptop and a phone from the market's table, before any visitor", async () => {
    const draws: string[] = [];
    (globalThis as { warmDraws?: string[] }).warmDraws = draws;
    const dist = webBuild(
      'globalThis.warmDraws.push([path, language, viewportWidth, boot.table.data.data.length, boot.dataSource.mode].join(" ")); return "<p>drawn</p>";',
    );
    const { log, warnings } = warningLog();
    await firstScreen(server.marketApi, dist, log).warm();
    const tables = server.marketApi.tables;
    const rows = tables.premium(
      premiumQuerySchema.parse(PREMIUM_FIRST_SCREEN.query),
      tables.viewOf('visitor', false),
    ).data.length;
    expect(rows).toBeGreaterThan(0);
    const kinds = new Set(draws);
    expect([...kinds].sort()).toEqual(
      [
        `/en/premium en ${LAPTOP_WIDTH}`,
        `/en/premium en ${PHONE_WIDTH}`,
        `/premium ko ${LAPTOP_WIDTH}`,
        `/premium ko ${PHONE_WIDTH}`,
      ].map((draw) => `${draw} ${rows} ${server.marketApi.market.dataSource().mode}`),
    );
    // More than once each: the first drawing of a fresh process runs cold.
    expect(draws.length).toBeGreaterThan(kinds.size);
    expect(warnings).toEqual([]);
  });

  it('never fails the server when drawing fails: the first pages are then drawn on request', async () => {
    const dist = webBuild('throw new Error("render bug");');
    const { log, warnings } = warningLog();
    await expect(firstScreen(server.marketApi, dist, log).warm()).resolves.toBeUndefined();
    expect(warnings).toEqual(['first paint: page failed to render']);
  });
});
