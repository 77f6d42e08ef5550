import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './static-web.ts';

const webDist = mkdtempSync(join(tmpdir(), 'spreadscope-static-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the web app files', () => {
  it('never serves a source map, even one left in the build folder', async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(
      join(webDist, 'assets', 'index-abc123.js'),
      'export {};\n//# sourceMappingURL=index-abc123.js.map\n',
    );
    writeFileSync(
      join(webDist, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sources":["../src/secret.ts"]}',
    );
    const app = Fastify();
    await registerWebApp(app, webDist);
    try {
      expect((await app.inject('/assets/index-abc123.js')).statusCode).toBe(200);
      const map = await app.inject('/assets/index-abc123.js.map');
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret.ts');
    } finally {
      await app.close();
    }
  });
});
