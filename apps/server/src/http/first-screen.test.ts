import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { routePreloads, stylesFirst } from './first-screen.ts';

it("preloads a lazy route's chunks, their imports and styles with the page, but not what the page loads anyway", () => {
  const dist = mkdtempSync(join(tmpdir(), 'spreadscope-manifest-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/pages/premium-page.tsx': {
        file: 'assets/premium-page-A.js',
        imports: ['_spread-page-B.js', '_react-C.js'],
      },
      '_spread-page-B.js': {
        file: 'assets/spread-page-B.js',
        imports: ['_react-C.js'],
        css: ['assets/spread-B.css'],
      },
      '_react-C.js': { file: 'assets/react-C.js' },
      'src/pages/funding-page.tsx': { file: 'assets/funding-page-D.js' },
    }),
  );
  const index =
    '<script type="module" src="/assets/index-Z.js"></script><link rel="modulepreload" href="/assets/react-C.js">';
  const links = routePreloads(dist, 'src/pages/premium-page.tsx', index);
  expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/premium-page-A.js">');
  expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/spread-page-B.js">');
  expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/spread-B.css">');
  expect(links).not.toContain('react-C.js');
  expect(links).not.toContain('funding-page');
  // A build without a manifest preloads nothing rather than failing.
  expect(
    routePreloads(
      mkdtempSync(join(tmpdir(), 'spreadscope-nomanifest-')),
      'src/pages/premium-page.tsx',
      index,
    ),
  ).toBe('');
});

it('puts the stylesheets ahead of the modules and their preloads, after the classic script', () => {
  const html =
    '<html><head><meta charset="UTF-8"><script src="/theme-boot.js"></script>' +
    '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-C.css">\n' +
    '<link rel="modulepreload" crossorigin href="/assets/page-D.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/page-E.css"></head><body><div id="root"></div></body></html>';
  expect(stylesFirst(html)).toBe(
    '<html><head><meta charset="UTF-8"><script src="/theme-boot.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/page-E.css">' +
      '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-B.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/page-D.js">' +
      '</head><body><div id="root"></div></body></html>',
  );
  // Nothing to move, or no head: the page as it was.
  const bare = '<div id="root"></div><script type="module" src="/a.js"></script>';
  expect(stylesFirst(bare)).toBe(bare);
});
