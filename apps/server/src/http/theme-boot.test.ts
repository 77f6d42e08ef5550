import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';
import { inlineThemeBoot } from './theme-boot.ts';

const dist = (script?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'spreadscope-theme-boot-'));
  if (script !== undefined) writeFileSync(join(dir, 'theme-boot.js'), script);
  return dir;
};

it('inlines the theme script with the hash the policy allows it by, and only a build that has one', () => {
  const text = "document.documentElement.dataset.theme = 'dark';\n";
  const inline = inlineThemeBoot(dist(text));
  expect(inline?.element).toBe(`<script>${text}</script>`);
  expect(inline?.hash).toBe(createHash('sha256').update(text).digest('base64'));
  expect(inlineThemeBoot(dist())).toBeNull();
  // A text that would end its own element is not inlined (the page keeps loading the file).
  expect(inlineThemeBoot(dist("console.log('</script>');"))).toBeNull();
});

it("allows exactly the inlined scripts' hashes beside our own origin, nothing inline besides", async () => {
  const app = Fastify();
  await registerSecurityHeaders(app, { inlineScriptHashes: ['q1w2e3+/='] });
  app.get('/', async () => 'ok');
  const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
  expect(csp).toContain("script-src 'self' 'sha256-q1w2e3+/='");
  expect(csp.split(';').find((d) => d.startsWith('script-src'))).toBe("script-src 'self' 'sha256-q1w2e3+/='");
  await app.close();
});
